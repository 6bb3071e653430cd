// Table lookup through shared memory, out[i] = lut[in[i] & 2047], a 2048-entry int32 table
// (per-block cost calibration set, issue 11 round 11). Each block first copies the whole
// 8 KiB table from global memory into shared memory (all threads in a strided loop, then a
// barrier), then each thread maps 2 indices a block's width apart through the shared copy
// and stores 2 outputs (contiguous loads and stores). Its per-block fixed cost is staging
// the table: 2048 loads and a barrier per block whatever its size, so small blocks copy the
// table many more times per element. No atomics; repeated timing launches rewrite the same
// outputs. Dynamic shared memory: 8 KiB. Every thread reaches the barrier. 1-D: the block is
// linearized.
#include "common.cuh"

#define GA_LUT_SIZE 2048
#define GA_LUT_ITEMS 2

extern "C" __global__ void lut_shared_map(const int* __restrict__ in, const int* __restrict__ lut,
                                          int* __restrict__ out, long long n) {
    extern __shared__ int table[];
    const unsigned tid = ga_tid();
    const unsigned threads = ga_nthreads();
    for (unsigned e = tid; e < GA_LUT_SIZE; e += threads) {
        table[e] = lut[e];
    }
    __syncthreads();
    const long long first = (long long)blockIdx.x * threads * GA_LUT_ITEMS + tid;
    for (int k = 0; k < GA_LUT_ITEMS; ++k) {
        const long long i = first + (long long)k * threads;
        if (i < n) {
            out[i] = table[in[i] & (GA_LUT_SIZE - 1)];
        }
    }
}
