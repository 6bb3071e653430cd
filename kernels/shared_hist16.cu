// 16-bin histogram, counts[b] += the number of values whose low four bits (value & 15) are b,
// privatized per block in shared memory (per-block cost calibration set, issue 11 round 11).
// Each block clears its 16 shared bins, barrier, counts 4 values per thread with shared-memory
// atomics, barrier, then adds each nonzero bin to the global counts with one global atomicAdd
// (threads 0..15). With few values per block and all 16 global counters in one 64 B span,
// every block's merge queues at the same L2 slice: the calibration set's kernel whose time is
// set by the merges (shared_hist64 counts 16 values per thread on 64 bins). Each thread's 4
// values are a block's width apart, so every load of a warp is 128 contiguous bytes. Repeated
// timing launches keep adding (the counts wrap harmlessly); the check runs once from zeroed
// counts. Dynamic shared memory: 64 bytes. Every thread reaches the barriers. 1-D: the block
// is linearized.
#include "common.cuh"

#define GA_HIST16_BINS 16
#define GA_HIST16_ITEMS 4

extern "C" __global__ void shared_hist16(const int* __restrict__ data,
                                         unsigned* __restrict__ counts, long long n) {
    extern __shared__ unsigned bins16[];
    const unsigned tid = ga_tid();
    const unsigned threads = ga_nthreads();
    for (unsigned b = tid; b < GA_HIST16_BINS; b += threads) {
        bins16[b] = 0;
    }
    __syncthreads();
    const long long first = (long long)blockIdx.x * threads * GA_HIST16_ITEMS + tid;
    for (int k = 0; k < GA_HIST16_ITEMS; ++k) {
        const long long i = first + (long long)k * threads;
        if (i < n) {
            atomicAdd(&bins16[data[i] & (GA_HIST16_BINS - 1)], 1u);
        }
    }
    __syncthreads();
    for (unsigned b = tid; b < GA_HIST16_BINS; b += threads) {
        const unsigned count = bins16[b];
        if (count != 0) {
            atomicAdd(&counts[b], count);
        }
    }
}
