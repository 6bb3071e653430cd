// Dot product of two float32 vectors, result[0] = sum over i of x[i] y[i], with one
// shared-memory tree reduction per block and one atomicAdd per block (blind check set 6:
// kept out of every fit; its sweeps go to fixtures/hopper/blind6/ once recorded). Each
// thread stores its product in shared memory; the block halves the active range each step
// (from the largest power of two below the block size, so any block size works) with a
// barrier between steps; thread 0 adds the block's sum to result[0]. Loads are contiguous.
// Integer inputs keep every partial sum exact in practice (the order of the atomics is the
// GPU's, so the manifest allows a tiny relative error). Repeated timing launches keep adding;
// the check runs once from a zeroed result. Dynamic shared memory: 4 * threads bytes. Every
// thread reaches the barriers. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void dot_atomic(const float* __restrict__ x, const float* __restrict__ y,
                                      float* __restrict__ result, long long n) {
    extern __shared__ float partial[];
    const unsigned tid = ga_tid();
    const unsigned threads = ga_nthreads();
    const long long i = ga_linear();
    partial[tid] = i < n ? x[i] * y[i] : 0.0f;
    __syncthreads();
    unsigned half = 1;
    while (2 * half < threads) {
        half *= 2;
    }
    for (unsigned s = half; s > 0; s >>= 1) {
        if (tid < s && tid + s < threads) {
            partial[tid] += partial[tid + s];
        }
        __syncthreads();
    }
    if (tid == 0) {
        atomicAdd(result, partial[0]);
    }
}
