// Sum of an int32 vector, result[0] += sum over i of x[i], reduced with warp shuffles and one
// atomicAdd per block (per-block cost calibration set, issue 11 round 11). Each thread loads
// one value (contiguous loads); each warp sums its lanes with __shfl_down_sync, lane 0 stores
// the warp's sum in shared memory, one barrier, then the first warp sums those partials with
// shuffles and thread 0 adds the block's sum to result[0]. Its per-block fixed cost is the
// barrier, the first warp's second reduction and the single global atomic per block. A
// block that is not a multiple of 32 has a last warp of fewer lanes: the shuffles name only
// the lanes the block has (a mask built from the block size) and skip sources beyond them.
// Integer sums wrap exactly modulo 2^32, so they are order-independent. Repeated timing
// launches keep adding (the sum wraps harmlessly); the check runs once from a zeroed result.
// Dynamic shared memory: 4 bytes per warp. Every thread reaches the barrier. 1-D: the block
// is linearized.
#include "common.cuh"

extern "C" __global__ void warp_sum_atomic_block(const int* __restrict__ x,
                                                 int* __restrict__ result, long long n) {
    extern __shared__ int warp_sums[];
    const unsigned tid = ga_tid();
    const unsigned threads = ga_nthreads();
    const unsigned lane = tid % 32;
    const unsigned warp = tid / 32;
    const unsigned warps = (threads + 31) / 32;
    const long long i = ga_linear();
    int v = i < n ? x[i] : 0;
    // The lanes this block has in this thread's warp (the last warp may be partial).
    const unsigned lanes = min(32u, threads - warp * 32);
    const unsigned mask = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;
    for (unsigned s = 16; s > 0; s >>= 1) {
        const int other = __shfl_down_sync(mask, v, s);
        if (lane + s < lanes) {
            v += other;
        }
    }
    if (lane == 0) {
        warp_sums[warp] = v;
    }
    __syncthreads();
    if (warp == 0) {
        int w = lane < warps ? warp_sums[lane] : 0;
        for (unsigned s = 16; s > 0; s >>= 1) {
            const int other = __shfl_down_sync(mask, w, s);
            if (lane + s < lanes) {
                w += other;
            }
        }
        if (lane == 0) {
            atomicAdd(result, w);
        }
    }
}
