// Hash-join probe with a sum aggregate, Crystal's probe kernel (anilshanbhag/crystal, the
// join microbenchmark of Shanbhag, Madden and Yu, "A Study of the Fundamental Performance
// Characteristics of GPUs and CPUs for Database Analytics", SIGMOD 2020: SELECT SUM(A.v *
// B.v) FROM A, B WHERE A.k = B.k, the dimension B already built into a hash table) (blind
// check set 45: written after calibration, never fitted on). As in Crystal: a block per tile
// of BLOCK_THREADS x ITEMS_PER_THREAD (4) fact tuples, the last tile partial
// (num_tile_items); the tile's foreign keys and values block-loaded striped (item ITEM of
// thread t is tuple tile_offset + t + BLOCK_THREADS ITEM); BlockProbeAndPHT_2: the slot
// HASH(key, num_slots, 0) = key % num_slots of the (key, value) pair table read as one 64-bit
// word, a match where it is not 0 (its value the upper 32 bits), else the tuple deselected;
// sum += value x join value over the selected items of the tile; BlockSum (a shuffle tree
// per warp, the warps' sums through shared memory, a shuffle tree in the first warp); thread
// 0 adds the block's sum to res with atomicAdd. Departures: BLOCK_THREADS the block's threads,
// any shape (a template parameter there, the block linearized), and BlockSum's warps counted
// with the partial last one (cdiv(threads, 32); Crystal's blockDim.x / 32 drops a partial
// warp), a partial warp adding only the lanes it has; the 64-bit slot assembled from its two
// words; BlockSum's __shared__ buffer of 32 words one dynamic allocation of a word a warp;
// res a long long reinterpreted for the atomicAdd. Written from memory. Exact
// (integers). 1-D: the block is linearized.
#include "common.cuh"

#define ITEMS_PER_THREAD 4
#define HASH(X, Y, Z) ((X - Z) % Y)

typedef long long sum_t;  // BlockSum<long long>

// Crystal's BlockSum: a warp's lanes, then the warps' sums in the first warp
__device__ __forceinline__ long long crystal_block_sum(long long item, long long* shared) {
    __syncthreads();
    const int warp_size = 32;
    const int tid = (int)ga_tid();
    const int threads = (int)ga_nthreads();
    const int lane = tid % warp_size;
    const int wid = tid / warp_size;
    const int lanes = min(warp_size, threads - wid * warp_size);
    const unsigned mask = lanes == warp_size ? 0xffffffffu : (1u << lanes) - 1;
    long long val = item;
    // Calculate sum across warp
    for (int offset = 16; offset > 0; offset /= 2) {
        const long long other = __shfl_down_sync(mask, val, offset);
        if (lane + offset < lanes) val += other;
    }
    // Store sum in buffer
    if (lane == 0) shared[wid] = val;
    __syncthreads();
    // Load the sums into the first warp
    const int warps = (threads + warp_size - 1) / warp_size;
    val = (tid < warps) ? shared[lane] : 0;
    // Calculate sum of sums
    if (wid == 0) {
        for (int offset = 16; offset > 0; offset /= 2) {
            const long long other = __shfl_down_sync(mask, val, offset);
            if (lane + offset < lanes) val += other;
        }
    }
    return val;
}

extern "C" __global__ void crystal_join_probe(const int* __restrict__ fact_fkey,
                                              const int* __restrict__ fact_val,
                                              int num_tuples,
                                              const int* __restrict__ hash_table,
                                              int num_slots,
                                              long long* __restrict__ res) {
    extern __shared__ sum_t buffer[];  // a word a warp
    const int BLOCK_THREADS = (int)ga_nthreads();
    const int TILE_SIZE = BLOCK_THREADS * ITEMS_PER_THREAD;
    const int tid = (int)ga_tid();

    // Load a tile striped across threads
    int selection_flags[ITEMS_PER_THREAD];
    int keys[ITEMS_PER_THREAD];
    int vals[ITEMS_PER_THREAD];
    int join_vals[ITEMS_PER_THREAD];

    long long sum = 0;

    int tile_offset = blockIdx.x * TILE_SIZE;
    int num_tiles = (num_tuples + TILE_SIZE - 1) / TILE_SIZE;
    int num_tile_items = TILE_SIZE;

    if (blockIdx.x == num_tiles - 1) {
        num_tile_items = num_tuples - tile_offset;
    }

    // InitFlags
#pragma unroll
    for (int ITEM = 0; ITEM < ITEMS_PER_THREAD; ++ITEM) selection_flags[ITEM] = 1;

    // BlockLoad (the direct path for a full tile, the guarded one for the last)
#pragma unroll
    for (int ITEM = 0; ITEM < ITEMS_PER_THREAD; ++ITEM) {
        if (tid + BLOCK_THREADS * ITEM < num_tile_items) {
            keys[ITEM] = fact_fkey[tile_offset + tid + BLOCK_THREADS * ITEM];
            vals[ITEM] = fact_val[tile_offset + tid + BLOCK_THREADS * ITEM];
        }
    }

    // BlockProbeAndPHT_2
#pragma unroll
    for (int ITEM = 0; ITEM < ITEMS_PER_THREAD; ++ITEM) {
        if (tid + BLOCK_THREADS * ITEM < num_tile_items) {
            if (selection_flags[ITEM]) {
                int hash = HASH(keys[ITEM], num_slots, 0);
                unsigned long long slot =
                    ((unsigned long long)(unsigned)hash_table[(hash << 1) + 1] << 32) |
                    (unsigned)hash_table[hash << 1];
                if (slot != 0) {
                    join_vals[ITEM] = (int)(slot >> 32);
                } else {
                    selection_flags[ITEM] = 0;
                }
            }
        }
    }

#pragma unroll
    for (int ITEM = 0; ITEM < ITEMS_PER_THREAD; ++ITEM) {
        if (tid + BLOCK_THREADS * ITEM < num_tile_items)
            if (selection_flags[ITEM]) sum += vals[ITEM] * join_vals[ITEM];
    }

    __syncthreads();

    unsigned long long aggregate = (unsigned long long)crystal_block_sum(sum, buffer);

    __syncthreads();

    if (tid == 0) {
        atomicAdd(reinterpret_cast<unsigned long long*>(res), aggregate);
    }
}
