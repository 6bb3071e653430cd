// The start and end of every screen tile's run in the depth-sorted Gaussian instance list,
// 3D Gaussian Splatting's identifyTileRanges (graphdeco-inria/diff-gaussian-rasterization,
// cuda_rasterizer/rasterizer_impl.cu, called by CudaRasterizer::Rasterizer::forward after the
// radix sort of the duplicated Gaussians' keys: the per-tile ranges renderCUDA walks) (blind
// check set 50: written after calibration, never fitted on). As in 3DGS: idx =
// cg::this_grid().thread_rank(), a thread past L returning; the key's tile currtile; thread 0
// setting ranges[currtile].x = 0, any other setting ranges[prevtile].y = idx and
// ranges[currtile].x = idx where the tile of key idx - 1 differs; the last thread setting
// ranges[currtile].y = L; ranges zeroed first (cudaMemset), tiles without instances left at
// (0, 0); the host's 256 threads on (L + 255) / 256 blocks. Departures: the 256 threads the
// block's threads, any shape (cg's thread_rank linearizes the block, as ga_linear does), the
// grid cdiv(L, threads); the keys' tile in their low bits, currtile = key (3DGS's keys hold the
// tile above 32 bits of depth, key >> 32: the depth half never changes a range, and the
// manifest's non-decreasing CSR-style int64 values stand for the radix-sorted keys); uint64_t
// spelled long long (the same 8 B); uint2 a struct of two unsigned ints, 8 B aligned (CUDA's
// uint2: one 8 B store), its buffer of words cast. Written from memory. Exact (integers; on
// sorted keys each range field is written by one thread). 1-D: the block is linearized.
#include "common.cuh"

struct alignas(8) gs_uint2 {  // CUDA's uint2
    unsigned x, y;
};

// Check keys to see if it is at the start/end of one tile's range in
// the full sorted list. If yes, write start/end of this tile.
// Run once per instanced (duplicated) Gaussian ID.
extern "C" __global__ void gs_tile_ranges(int L, const long long* point_list_keys,
                                          unsigned* ranges_words) {
    gs_uint2* ranges = reinterpret_cast<gs_uint2*>(ranges_words);
    auto idx = ga_linear();
    if (idx >= L) return;

    // Read tile ID from key. Update start/end of tile range if at limit.
    long long key = point_list_keys[idx];
    unsigned int currtile = (unsigned int)key;
    if (idx == 0)
        ranges[currtile].x = 0;
    else {
        unsigned int prevtile = (unsigned int)point_list_keys[idx - 1];
        if (currtile != prevtile) {
            ranges[prevtile].y = idx;
            ranges[currtile].x = idx;
        }
    }
    if (idx == L - 1) ranges[currtile].y = L;
}
