// Gather of the entries a star forest sends into its contiguous buffer, PETSc's d_Pack<Type, BS,
// EQ> with PetscScalar double, BS = 1 and EQ = 0 (petsc/petsc, src/vec/is/sf/impls/basic/cuda/
// sfcuda.cu, later the CUPM version of it: PetscSFLinkPack on the device, the packing step of
// VecScatterBegin / PetscSFBcastBegin for ghost exchanges of CUDA vectors) (blind check set 48:
// written after calibration, never fitted on). As in PETSc: tid = blockIdx.x blockDim.x +
// threadIdx.x, a grid-stride loop (grid_size = gridDim.x blockDim.x) while tid < count, M =
// bs / BS (EQ 0: the unit size at run time, here bs = 3 doubles a point) and MBS = M BS, t =
// (idx ? idx[tid] : start + tid) MBS and s = tid MBS, then buf[s + i] = data[t + i] for i <
// MBS; the host's nthreads = 256 on min(ceil(count / nthreads), maxResidentThreadsPerGPU /
// nthreads) blocks (maxResidentThreadsPerGPU = SMs x maxThreadsPerMultiProcessor). Departures:
// the 256 threads the block's threads, any shape (the block linearized, the grid-stride loop
// over it); the optimized-plan argument opt (NULL for a general index list, so idx is used)
// left out; PetscInt int32 (PETSc's default build). Written from memory (the file as
// remembered). Exact (a copy). 1-D: the block is linearized.
#include "common.cuh"

typedef int PetscInt;
typedef double PetscScalar;

template <class Type, PetscInt BS, PetscInt EQ>
__device__ static void d_Pack(PetscInt bs, PetscInt count, PetscInt start,
                              const PetscInt* idx, const Type* data, Type* buf) {
    PetscInt i, s, t, tid = blockIdx.x * (PetscInt)ga_nthreads() + (PetscInt)ga_tid();
    const PetscInt grid_size = gridDim.x * (PetscInt)ga_nthreads();
    const PetscInt M = (EQ) ? 1 : bs / BS; /* If EQ, then M=1 enables compiler's const-propagation */
    const PetscInt MBS = M * BS; /* MBS=bs. We turn MBS into a compile-time const when EQ=1. */

    for (; tid < count; tid += grid_size) {
        /* idx == NULL ==> the indices are contiguous */
        t = (idx ? idx[tid] : start + tid) * MBS;
        s = tid * MBS;
        for (i = 0; i < MBS; i++) buf[s + i] = data[t + i];
    }
}

extern "C" __global__ void petsc_sf_pack(PetscInt bs, PetscInt count, PetscInt start,
                                         const PetscInt* __restrict__ idx,
                                         const PetscScalar* __restrict__ data,
                                         PetscScalar* __restrict__ buf) {
    d_Pack<PetscScalar, 1, 0>(bs, count, start, idx, data, buf);
}
