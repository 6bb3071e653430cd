// Digit histogram of a radix-sort pass: counts[d] += the number of keys whose 8-bit digit
// (key >> shift) & 255 is d (blind check set 7: kept out of every fit; its sweeps go to
// fixtures/hopper/blind7/ once recorded). Each block counts into a private 256-bin histogram
// in shared memory with shared-memory atomics, then adds its nonzero bins to the global
// counts (at most 256 global atomics per block). Each thread counts 8 keys, a block's width
// apart, so every load of a warp is 128 contiguous bytes. Repeated timing launches keep
// adding (the counts wrap harmlessly); the check runs once from zeroed counts. Dynamic shared
// memory: 1 KiB. Every thread reaches the barriers. 1-D: the block is linearized.
#include "common.cuh"

#define GA_DIGIT_BINS 256
#define GA_DIGIT_ITEMS 8

extern "C" __global__ void digit_hist(const unsigned* __restrict__ keys,
                                      unsigned* __restrict__ counts, long long n, int shift) {
    extern __shared__ unsigned bins[];
    const unsigned tid = ga_tid();
    const unsigned threads = ga_nthreads();
    for (unsigned b = tid; b < GA_DIGIT_BINS; b += threads) {
        bins[b] = 0;
    }
    __syncthreads();
    const long long first = (long long)blockIdx.x * threads * GA_DIGIT_ITEMS + tid;
    for (int k = 0; k < GA_DIGIT_ITEMS; ++k) {
        const long long i = first + (long long)k * threads;
        if (i < n) {
            atomicAdd(&bins[(keys[i] >> shift) & (GA_DIGIT_BINS - 1)], 1u);
        }
    }
    __syncthreads();
    for (unsigned b = tid; b < GA_DIGIT_BINS; b += threads) {
        const unsigned count = bins[b];
        if (count != 0) {
            atomicAdd(&counts[b], count);
        }
    }
}
