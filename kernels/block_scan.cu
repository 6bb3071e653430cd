// First pass of a three-phase (scan, scan the block totals, add) inclusive prefix sum of
// int32 values: each block scans its own tile of 4 * threads values, out[i] = the sum of the
// tile's values up to and including i, and stores the tile's total in block_sums[blockIdx.x]
// (blind check set 9: kept out of every fit; its sweeps go to fixtures/hopper/blind9/ once
// recorded). The block walks its tile in 4 chunks of `threads` contiguous values (coalesced
// loads and stores), each chunk scanned as real scans do: a warp-level inclusive scan with
// __shfl_up_sync, the warps' totals in shared memory, one barrier, the first warp scans those
// totals with shuffles, a second barrier, then each thread adds its warp's prefix and the
// running total of the earlier chunks. A block that is not a multiple of 32 has a last warp
// of fewer lanes: the shuffles name only the lanes the block has. Integer sums wrap exactly
// modulo 2^32. The tiles depend on the block size, so the reference takes the threads per
// block (block_sums beyond the grid keep their initial value). Repeated timing launches
// rewrite the same outputs. Dynamic shared memory: 4 bytes per warp (128 B). Every thread
// reaches the barriers. 1-D: the block is linearized.
#include "common.cuh"

#define GA_SCAN_ITEMS 4

extern "C" __global__ void block_scan(const int* __restrict__ x, int* __restrict__ out,
                                      int* __restrict__ block_sums, long long n) {
    extern __shared__ int warp_totals[];
    const unsigned tid = ga_tid();
    const unsigned threads = ga_nthreads();
    const unsigned lane = tid % 32;
    const unsigned warp = tid / 32;
    const unsigned warps = (threads + 31) / 32;
    // The lanes this block has in this thread's warp (the last warp may be partial).
    const unsigned lanes = min(32u, threads - warp * 32);
    const unsigned mask = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;
    const long long tile = (long long)blockIdx.x * threads * GA_SCAN_ITEMS;
    int carry = 0;  // the sum of the tile's earlier chunks
    for (int k = 0; k < GA_SCAN_ITEMS; ++k) {
        const long long i = tile + (long long)k * threads + tid;
        int v = i < n ? x[i] : 0;
        for (unsigned d = 1; d < 32; d <<= 1) {
            const int other = __shfl_up_sync(mask, v, d);
            if (lane >= d) {
                v += other;
            }
        }
        if (lane == lanes - 1) {
            warp_totals[warp] = v;
        }
        __syncthreads();
        if (warp == 0) {
            int w = lane < warps ? warp_totals[lane] : 0;
            for (unsigned d = 1; d < 32; d <<= 1) {
                const int other = __shfl_up_sync(mask, w, d);
                if (lane >= d) {
                    w += other;
                }
            }
            if (lane < warps) {
                warp_totals[lane] = w;  // inclusive prefix of the warps' totals
            }
        }
        __syncthreads();
        const int before = warp > 0 ? warp_totals[warp - 1] : 0;
        if (i < n) {
            out[i] = carry + before + v;
        }
        carry += warp_totals[warps - 1];
        __syncthreads();  // every thread has read the totals before the next chunk rewrites them
    }
    if (tid == 0) {
        block_sums[blockIdx.x] = carry;
    }
}
