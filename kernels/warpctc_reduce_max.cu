// warp-ctc's per-frame maximum over the alphabet, reduce_rows<128, identity<float>, maximum<float>,
// float> (baidu-research/warp-ctc, src/reduce.cu, launched by ReduceHelper::impl (axis 1) behind
// reduce_max from GpuCTC::compute_probs in include/detail/gpu_ctc.h: the numerically stable softmax
// that starts every GPU CTC loss evaluation, each frame's largest activation over the alphabet,
// subtracted next by prepare_stable_SM_kernel) (blind check set 78: written after calibration,
// never fitted on). As in warp-ctc: one block a column of the column-major activations (col =
// blockIdx.x, a frame of a minibatch utterance), tid = threadIdx.x, curr = input[idx + col
// num_rows] for idx = tid and then the maximum with every NT-th row below num_rows; CTAReduce's
// fold of the block in shared memory (s[tid] = curr, then for offset = NT / 2 down to the warp
// size: where tid < offset and tid + offset < count, x = max(x, s[offset + tid]) stored back),
// then the warp's shuffles (__shfl_down_sync from offset 16 down to 1, taken where tid < offset
// and tid + offset < count), count = num_rows, and thread 0 stores the column's maximum
// (ctc_helper::maximum: x < y ? y : x); the host's 128 threads on num_cols blocks. Departures: the
// block the sweep's, any shape (linearized: NT the block's threads; the fold generalized to any
// thread count, each step the upper half (rounded down) of the active rows folded onto the lower
// ceil, down to a warp's 32: the source's steps for a power of two; every warp's shuffles with a
// mask of its lanes and taken only from lanes still active (the source's full warps: the same
// result in thread 0)); the static storage of NT words one dynamic allocation; curr set to 0 first
// (the source leaves it unset where a thread has no row: never read). Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact: maxima.
// 1-D, shared memory: one block a frame, its threads striding the alphabet (4 B loads, a warp's
// 128 B contiguous), then a tree of maxima.
#include "common.cuh"

__device__ __forceinline__ float warpctc_maximum(float x, float y) { return x < y ? y : x; }

extern "C" __global__ void warpctc_reduce_max(const float* input, float* output, int num_rows,
                                              int num_cols) {
    extern __shared__ float warpctc_storage[];  // one word a thread
    const int tid = (int)ga_tid();
    const int nt = (int)ga_nthreads();
    const int col = blockIdx.x;
    const float* column = input + (long long)col * num_rows;
    float curr = 0.0f;
    int idx = tid;
    if (idx < num_rows) curr = column[idx];
    idx += nt;
    while (idx < num_rows) {
        curr = warpctc_maximum(curr, column[idx]);
        idx += nt;
    }
    // CTAReduce: fold the block in shared memory down to a warp's worth of rows...
    const int count = num_rows;
    warpctc_storage[tid] = curr;
    __syncthreads();
    int active = nt;
    while (active > 32) {
        const int lower = (active + 1) / 2;
        if (tid < active - lower && tid + lower < count) {
            curr = warpctc_maximum(curr, warpctc_storage[lower + tid]);
            warpctc_storage[tid] = curr;
        }
        __syncthreads();
        active = lower;
    }
    // ...then shuffle down within the warp.
    const int warp_first = tid - tid % 32;
    const int lanes = min(32, nt - warp_first);
    const unsigned mask = lanes == 32 ? 0xFFFFFFFFu : (1u << lanes) - 1u;
    for (int offset = 16; offset > 0; offset /= 2) {
        const float other = __shfl_down_sync(mask, curr, offset);
        if (tid + offset < count && tid < offset && tid + offset < active) {
            curr = warpctc_maximum(curr, other);
        }
    }
    if (tid == 0) output[col] = curr;
}
