// PyTorch Sparse's padded_index_scatter_kernel (rusty1s/pytorch_sparse,
// csrc/cuda/padding_cuda.cu, launched by padded_index_scatter_cuda in the same file behind
// torch_sparse.padded_index_scatter: the backward of padded_index_select, the rows of a
// degree-binned, padded edge layout summed back into their nodes, a padding slot's index -1)
// (blind check set 98: written after calibration, never fitted on). As in PyTorch Sparse: a
// grid-stride loop over the E F values of src; each reads its slot's index index[t / F] and,
// unless it is -1, atomically adds src[t] to out[index F + t % F]; the host's THREADS = 1,024
// threads on min(cdiv(E F, 1024), 8 SMs) blocks. Departures: the block any shape (linearized,
// the loop striding by the grid's threads); the float variant only (AT_DISPATCH_FLOATING_TYPES
// also takes double); E and F as 64-bit ints (size_t in the source). Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// sums of whole numbers far below 2^24, whatever the atomic order. 1-D, no shared memory, a
// fixed (capped) grid and a grid-stride loop: a 4 B src load (a warp's 128 B contiguous), an
// 8 B index load (a warp's lanes on 2 slots at F = 16: broadcast), and a 4 B float atomicAdd
// (a warp's 64 B contiguous in each of 2 scattered node rows).
#include "common.cuh"

extern "C" __global__ void pytsparse_padded_scatter(const float* src, const long long* index,
                                                    float* out, long long E, long long F) {
    const long long total = E * F;
    const long long stride = (long long)gridDim.x * ga_nthreads();
    for (long long t = ga_linear(); t < total; t += stride) {
        const long long node = index[t / F];
        if (node != -1) {
            atomicAdd(out + node * F + t % F, src[t]);
        }
    }
}
