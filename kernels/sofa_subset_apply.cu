// SOFA's SubsetMappingCuda3f_apply_kernel<CudaVec3<float>> (sofa-framework/sofa,
// applications/plugins/SofaCUDA/sofa/gpu/cuda/CudaSubsetMapping.cu, launched by
// SubsetMappingCuda3f_apply in the same file for SofaCUDA's SubsetMapping<CudaVec3fTypes,
// CudaVec3fTypes>::apply: the positions of a subset of a mechanical object's nodes (e.g. a
// FEM mesh's surface nodes driving its collision model) gathered into the mapped object)
// (blind check set 89: written after calibration, never fitted on). As in SOFA: the block's
// first point index0 = blockIdx.x BSIZE, each thread gathering the 3 floats of in[map[index0 +
// threadIdx.x]] (zeros past size) into dynamic shared memory at 3 threadIdx.x, a barrier, then
// the block's 3 BSIZE floats stored to out + 3 index0 from shared memory with threadIdx.x,
// threadIdx.x + BSIZE and threadIdx.x + 2 BSIZE, so that the stores are coalesced; the host's
// BSIZE threads (CudaCommon.h, not read) on cdiv(size, BSIZE) blocks with 3 BSIZE floats of
// shared memory. Departures: the block the sweep's, any shape (linearized: BSIZE read as the
// block's thread count); the map read only below size and the stores only below 3 size (SOFA
// pads its vectors to whole blocks; these buffers are exact); offsets in 64 bits.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: copies. 1-D, shared memory: each thread a 4 B map load (a warp's 128 B
// contiguous), three 4 B gathers of a 12 B point (a warp's 32 points scattered), three 4 B
// shared stores 12 B apart, and three 4 B stores from shared memory (a warp's 128 B contiguous
// each).
#include "common.cuh"

extern "C" __global__ void sofa_subset_apply(unsigned int size, const int* map, float* out,
                                             const float* in) {
    extern __shared__ float sofa_tmp[];
    const unsigned nt = ga_nthreads();
    const unsigned t = ga_tid();
    const long long index0 = (long long)blockIdx.x * nt;
    float rx = 0.0f, ry = 0.0f, rz = 0.0f;
    if (index0 + t < size) {
        const long long c = map[index0 + t];
        rx = in[3 * c];
        ry = in[3 * c + 1];
        rz = in[3 * c + 2];
    }
    sofa_tmp[3 * t] = rx;
    sofa_tmp[3 * t + 1] = ry;
    sofa_tmp[3 * t + 2] = rz;
    __syncthreads();
    float* o = out + 3 * index0;
    const long long rem = 3 * ((long long)size - index0);
    if (t < rem) o[t] = sofa_tmp[t];
    if (t + nt < rem) o[t + nt] = sofa_tmp[t + nt];
    if (t + 2 * nt < rem) o[t + 2 * nt] = sofa_tmp[t + 2 * nt];
}
