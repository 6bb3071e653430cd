// SegAlign's seed hit counting, find_num_hits (gsneha26/SegAlign, src/seed_filter.cu, launched by
// SeedAndFilter in the same file: the first GPU step of each seeding call of SegAlign, the GPU
// system for pairwise whole-genome alignment on LASTZ's seed-filter-extend paradigm, counting for
// each query seed (a spaced 12-of-19 seed or one of its transitions) the target positions holding
// the same k-mer before the hits are gathered and extended) (blind check set 76: written after
// calibration, never fitted on). As in SegAlign: a grid-stride loop (start blockDim.x blockIdx.x +
// threadIdx.x, stride blockDim.x gridDim.x) over the seeds, seed = seed_offsets[id] >> 32 (the
// k-mer index; the low word the query position), num_seed_hit = d_index_table[seed] (the inclusive
// prefix count of the target positions by k-mer from GenerateSeedPosTable in
// common/seed_pos_table.cu) minus d_index_table[seed - 1] when seed > 0, seed_hit_num[id] =
// num_seed_hit; the host's MAX_BLOCKS = 1 << 10 blocks of MAX_THREADS = 1024 threads
// (common/parameters.h). Departures: the block the sweep's, any shape (linearized; the grid-stride
// loop kept on the fixed grid of 1,024 blocks); the uint32 index table as int32 (the manifest's row
// pointers; counts below 2^31) and the uint64 offsets as int64. Reimplemented from the published
// source (its indexing, arithmetic and control flow; none of its text). Exact: integer differences.
// 1-D: a fixed grid, each thread looping over seeds: an 8 B load, two 4 B gathers from the 64 MiB
// table, a 4 B store.
#include "common.cuh"

extern "C" __global__ void segalign_num_hits(int num_seeds,
                                             const int* __restrict__ d_index_table,
                                             const long long* seed_offsets,
                                             unsigned* seed_hit_num) {
    const int stride = (int)(ga_nthreads() * gridDim.x);
    const unsigned start = ga_nthreads() * blockIdx.x + ga_tid();
    for (unsigned id = start; id < (unsigned)num_seeds; id += stride) {
        const unsigned seed = (unsigned)((unsigned long long)seed_offsets[id] >> 32);
        unsigned num_seed_hit = (unsigned)d_index_table[seed];
        if (seed > 0) {
            num_seed_hit -= (unsigned)d_index_table[seed - 1];
        }
        seed_hit_num[id] = num_seed_hit;
    }
}
