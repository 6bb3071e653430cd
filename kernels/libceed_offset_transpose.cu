// The transpose of a finite-element restriction (E-vector to L-vector, summing the elements'
// shared nodes), libCEED's OffsetTranspose (CEED/libCEED, include/ceed/jit-source/cuda/
// cuda-ref-restriction-offset.h, the non-deterministic variant, JIT-compiled and launched by
// CeedElemRestrictionApply_Cuda_Core in backends/cuda-ref/ceed-cuda-ref-restriction.c:
// CeedElemRestrictionApply with CEED_TRANSPOSE, every operator application's assembly of the
// element results into the global vector) (blind check set 71: written after calibration,
// never fitted on). As in libCEED: a grid-stride loop over node < RSTR_NUM_ELEM
// RSTR_ELEM_SIZE, ind = indices[node], loc_node = node % RSTR_ELEM_SIZE, elem = node /
// RSTR_ELEM_SIZE, and for each of the RSTR_NUM_COMP components atomicAdd(v + ind + comp
// RSTR_COMP_STRIDE, u[loc_node + comp RSTR_ELEM_SIZE RSTR_NUM_ELEM + elem RSTR_ELEM_SIZE]);
// the host's 32 threads on cdiv(num_nodes, 32) blocks. Departures: the block the sweep's, any
// shape (linearized; the grid-stride loop kept, one pass at cdiv(num_elem elem_size, threads)
// blocks); the JIT constants (RSTR_NUM_ELEM, RSTR_ELEM_SIZE, RSTR_NUM_COMP, RSTR_COMP_STRIDE)
// as run-time scalars. Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: whole-number values, every atomic sum an integer far
// below 2^53, in any order. 1-D: the block is linearized, one thread an element node.
#include "common.cuh"

extern "C" __global__ void libceed_offset_transpose(const int* __restrict__ indices,
                                                    const double* __restrict__ u,
                                                    double* __restrict__ v, int num_elem,
                                                    int elem_size, int num_comp,
                                                    int comp_stride) {
    const long long nodes = (long long)num_elem * elem_size;
    const long long step = (long long)gridDim.x * ga_nthreads();
    for (long long node = ga_linear(); node < nodes; node += step) {
        const int ind = indices[node];
        const long long loc_node = node % elem_size;
        const long long elem = node / elem_size;
        for (int comp = 0; comp < num_comp; comp++) {
            atomicAdd(v + ind + (long long)comp * comp_stride,
                      u[loc_node + (long long)comp * elem_size * num_elem + elem * elem_size]);
        }
    }
}
