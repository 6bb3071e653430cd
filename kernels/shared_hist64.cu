// 64-bin histogram, counts[b] += the number of values whose low six bits (value & 63) are b,
// privatized per block in shared memory (per-block cost calibration set, issue 11 round 11).
// Each block clears its 64 shared bins, barrier, counts 16 values per thread with shared-
// memory atomics, barrier, then adds each nonzero bin to the global counts with one global
// atomicAdd (threads 0..63, or a strided loop in blocks of fewer threads). Its per-block fixed
// cost is the clear, the two barriers and up to 64 global atomics, paid once however many
// values the block counts. Each thread's 16 values are a block's width apart, so every load
// of a warp is 128 contiguous bytes. Repeated timing launches keep adding (the counts wrap
// harmlessly); the check runs once from zeroed counts. Dynamic shared memory: 256 bytes.
// Every thread reaches the barriers. 1-D: the block is linearized.
#include "common.cuh"

#define GA_HIST64_BINS 64
#define GA_HIST64_ITEMS 16

extern "C" __global__ void shared_hist64(const int* __restrict__ data,
                                         unsigned* __restrict__ counts, long long n) {
    extern __shared__ unsigned bins[];
    const unsigned tid = ga_tid();
    const unsigned threads = ga_nthreads();
    for (unsigned b = tid; b < GA_HIST64_BINS; b += threads) {
        bins[b] = 0;
    }
    __syncthreads();
    const long long first = (long long)blockIdx.x * threads * GA_HIST64_ITEMS + tid;
    for (int k = 0; k < GA_HIST64_ITEMS; ++k) {
        const long long i = first + (long long)k * threads;
        if (i < n) {
            atomicAdd(&bins[data[i] & (GA_HIST64_BINS - 1)], 1u);
        }
    }
    __syncthreads();
    for (unsigned b = tid; b < GA_HIST64_BINS; b += threads) {
        const unsigned count = bins[b];
        if (count != 0) {
            atomicAdd(&counts[b], count);
        }
    }
}
