// Cumo's cumo_na_index_aref_naview_index_index_kernel (sonots/cumo,
// ext/cumo/narray/index_kernel.cu, launched by cumo_na_index_aref_naview_index_index_kernel_launch
// in the same file with cumo_get_grid_dim and cumo_get_block_dim (not read): Cumo's (the CUDA
// Numo::NArray for Ruby) fancy indexing of a view that is itself index-mapped, the new index
// array composed with the view's, idx[i] = idx1[idx[i]]) (blind check set 90: written after
// calibration, never fitted on). As in Cumo: i from blockIdx.x blockDim.x + threadIdx.x below n
// in steps of blockDim.x gridDim.x, idx[i] = idx1[idx[i]]. Departures: the block the sweep's,
// any shape (linearized); a grid covering n (the loop kept, run once); size_t as int64.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: integer copies. 1-D, no shared memory: one thread an index, an 8 B load
// and an 8 B store in place (a warp's 256 B contiguous) and an 8 B gather (a warp's lanes at
// random offsets).
#include "common.cuh"

extern "C" __global__ void cumo_index_compose(long long* idx, const long long* idx1,
                                              long long n) {
    const long long stride = (long long)gridDim.x * ga_nthreads();
    for (long long i = ga_linear(); i < n; i += stride) {
        idx[i] = idx1[idx[i]];
    }
}
