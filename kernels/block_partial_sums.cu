// First pass of a two-pass reduction: partials[b] = the sum of the 2 * threads int32 values
// block b covers (per-block cost calibration set, issue 11 round 11). Each thread adds two
// values a block's width apart (contiguous loads), the block sums them with a shared-memory
// tree reduction (from the largest power of two below the block size, so any block size
// works; a barrier between steps) and thread 0 writes the block's sum to partials[blockIdx.x]:
// a per-block partial written with a plain store, no atomics, whose per-block fixed cost is
// the barriers and the one store. The number of partials is the number of blocks, so the
// check depends on the block size: the reference takes the configuration's threads per block
// (partials beyond the grid keep their initial value). Repeated timing launches rewrite the
// same partials. Dynamic shared memory: 4 * threads bytes. Every thread reaches the barriers.
// 1-D: the block is linearized.
#include "common.cuh"

#define GA_PARTIAL_ITEMS 2

extern "C" __global__ void block_partial_sums(const int* __restrict__ x,
                                              int* __restrict__ partials, long long n) {
    extern __shared__ int sums[];
    const unsigned tid = ga_tid();
    const unsigned threads = ga_nthreads();
    const long long first = (long long)blockIdx.x * threads * GA_PARTIAL_ITEMS + tid;
    int v = 0;
    for (int k = 0; k < GA_PARTIAL_ITEMS; ++k) {
        const long long i = first + (long long)k * threads;
        if (i < n) {
            v += x[i];
        }
    }
    sums[tid] = v;
    __syncthreads();
    unsigned half = 1;
    while (2 * half < threads) {
        half *= 2;
    }
    for (unsigned s = half; s > 0; s >>= 1) {
        if (tid < s && tid + s < threads) {
            sums[tid] += sums[tid + s];
        }
        __syncthreads();
    }
    if (tid == 0) {
        partials[blockIdx.x] = sums[0];
    }
}
