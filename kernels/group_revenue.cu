// GROUP BY aggregation over a table sorted by its group key, as GPU databases and dataframe
// engines (cuDF's sort-based groupby, HeavyDB, BlazingSQL; CUB's DeviceSegmentedReduce) run
// it once the rows are grouped: group g owns the rows offsets[g] .. offsets[g + 1] - 1 and
// gets revenue[g] = SUM(price * (100 - discount_pct)) (cents x percent, int64) and
// max_price[g] = MAX(price) (0 for an empty group), a TPC-H Q1-like pair of aggregates
// (blind check set 13: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind13/ once recorded). Group sizes vary (the offsets come from random
// row counts, about 1024 rows a group). One block per group whatever its size: the block's
// threads walk the group's rows a block's width apart (two contiguous 4 B loads a row, an
// integer multiply-add into a 64-bit sum, an integer max), then both partials meet in a
// block reduction: __shfl_down_sync within each warp (a block that is not a multiple of 32
// has a last warp of fewer lanes: the shuffles name only the lanes the block has), the
// warps' partials in shared memory, one barrier, a second shuffle reduction in the first
// warp, and thread 0 stores the group's two results. Integer arithmetic: exact. Dynamic
// shared memory: 12 bytes per warp (an int64 sum and an int32 max). Every thread reaches the
// barrier. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void group_revenue(const int* __restrict__ offsets,
                                         const int* __restrict__ price,
                                         const int* __restrict__ discount_pct,
                                         long long* __restrict__ revenue,
                                         int* __restrict__ max_price, int groups) {
    extern __shared__ char grp_smem[];  // 16-byte aligned: the partials below are 8 B and 4 B
    const int g = blockIdx.x;
    if (g >= groups) {
        return;  // the whole block leaves together
    }
    const unsigned tid = ga_tid();
    const unsigned threads = ga_nthreads();
    const unsigned warps = (threads + 31) / 32;
    long long* warp_sum = reinterpret_cast<long long*>(grp_smem);
    int* warp_max = reinterpret_cast<int*>(warp_sum + warps);
    const int begin = offsets[g], end = offsets[g + 1];
    long long sum = 0;
    int best = 0;
    for (int i = begin + (int)tid; i < end; i += (int)threads) {
        const int p = price[i];
        sum += (long long)p * (100 - discount_pct[i]);
        best = max(best, p);
    }
    const unsigned lane = tid % 32;
    const unsigned warp = tid / 32;
    // The lanes this block has in this thread's warp (the last warp may be partial).
    const unsigned lanes = min(32u, threads - warp * 32);
    const unsigned mask = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;
    for (unsigned s = 16; s > 0; s >>= 1) {
        const long long other_sum = __shfl_down_sync(mask, sum, s);
        const int other_max = __shfl_down_sync(mask, best, s);
        if (lane + s < lanes) {
            sum += other_sum;
            best = max(best, other_max);
        }
    }
    if (lane == 0) {
        warp_sum[warp] = sum;
        warp_max[warp] = best;
    }
    __syncthreads();
    if (warp == 0) {
        sum = lane < warps ? warp_sum[lane] : 0;
        best = lane < warps ? warp_max[lane] : 0;
        for (unsigned s = 16; s > 0; s >>= 1) {
            const long long other_sum = __shfl_down_sync(mask, sum, s);
            const int other_max = __shfl_down_sync(mask, best, s);
            if (lane + s < lanes) {
                sum += other_sum;
                best = max(best, other_max);
            }
        }
        if (lane == 0) {
            revenue[g] = sum;
            max_price[g] = best;
        }
    }
}
