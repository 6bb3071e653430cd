// Count of the int32 values divisible by 3, count[0] += the number of i with x[i] % 3 == 0,
// with one atomicAdd per warp (per-block cost calibration set, issue 11 round 11): the look-
// alike without a per-block cost. Each thread tests 4 values a block's width apart
// (contiguous loads); the warp counts each round's hits with __ballot_sync and __popc, and
// lane 0 adds the warp's count to the single global counter. No shared memory and no
// barrier: the atomics scale with the number of warps, not of blocks, so the block size
// changes neither the work nor the number of atomics (only a block that is not a multiple of
// 32 adds a partial warp; its ballots name only the lanes the block has). Repeated timing
// launches keep adding (the count wraps harmlessly); the check runs once from a zeroed count.
// 1-D: the block is linearized.
#include "common.cuh"

#define GA_COUNT_ITEMS 4

extern "C" __global__ void warp_count_atomic(const int* __restrict__ x,
                                             unsigned* __restrict__ count, long long n) {
    const unsigned tid = ga_tid();
    const unsigned threads = ga_nthreads();
    const unsigned lane = tid % 32;
    const unsigned warp = tid / 32;
    // The lanes this block has in this thread's warp (the last warp may be partial).
    const unsigned lanes = min(32u, threads - warp * 32);
    const unsigned mask = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;
    const long long first = (long long)blockIdx.x * threads * GA_COUNT_ITEMS + tid;
    unsigned hits = 0;
    for (int k = 0; k < GA_COUNT_ITEMS; ++k) {
        const long long i = first + (long long)k * threads;
        const bool hit = i < n && x[i] % 3 == 0;
        hits += __popc(__ballot_sync(mask, hit));
    }
    if (lane == 0) {
        atomicAdd(count, hits);
    }
}
