// gsplat's intersect_tile_kernel<float>, first pass (nerfstudio-project/gsplat,
// gsplat/cuda/csrc/IntersectTile.cu, launched by launch_intersect_tile_kernel in the same file
// with cum_tiles_per_gauss absent behind gsplat's isect_tiles: the first step of binning the
// projected 3-D Gaussians of Gaussian-splatting rasterization into 16 x 16 pixel tiles, each
// Gaussian's count of the tiles its screen-space extent touches, which the host then prefix-sums
// to size the intersection list) (blind check set 102: written after calibration, never fitted
// on). As in gsplat: idx the thread's rank in the grid, nothing at or past I N (not packed);
// radius_x, radius_y = radii[2 idx], radii[2 idx + 1] as floats, a Gaussian with either at most 0
// counted 0; tile_radius = radius / tile_size and tile_x, tile_y = mean2d / tile_size; tile_min =
// min(max(0, (uint32) floor(tile - tile_radius)), tile_width or tile_height) and tile_max likewise
// with ceil of tile + tile_radius; tiles_per_gauss[idx] = (tile_max.y - tile_min.y) (tile_max.x
// - tile_min.x); the host's 256 threads on cdiv(I N, 256) blocks. Departures: the block any shape
// (linearized); float only; the second pass (cum_tiles_per_gauss given: the intersection ids
// written) left out (its prefix sums must match the counts, which random data cannot); the
// float-to-unsigned conversion written as the GPU performs it (saturating: a negative floor is
// 0), since C++ leaves it undefined. Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: whole-number means and radii divided by
// the power-of-two tile size, floor and ceil, integer products. 1-D, no shared memory: an 8 B
// radii load and an 8 B mean load (a warp's 256 B contiguous each), a 4 B store (128 B).
#include "common.cuh"

__device__ __forceinline__ unsigned gs_to_u32(float v) {
    return v <= 0.0f ? 0u : (unsigned)v;  // cvt.rzi.u32.f32 saturates at 0
}

extern "C" __global__ void gsplat_isect_count(const float* means2d, const int* radii,
                                              unsigned num_images, unsigned n,
                                              unsigned tile_size, unsigned tile_width,
                                              unsigned tile_height, int* tiles_per_gauss) {
    const long long idx = ga_linear();
    if (idx >= (long long)num_images * n) return;
    const float radius_x = (float)radii[idx * 2];
    const float radius_y = (float)radii[idx * 2 + 1];
    if (radius_x <= 0.0f || radius_y <= 0.0f) {
        tiles_per_gauss[idx] = 0;
        return;
    }
    const float ts = (float)tile_size;
    const float trx = radius_x / ts;
    const float try_ = radius_y / ts;
    const float tx = means2d[idx * 2] / ts;
    const float ty = means2d[idx * 2 + 1] / ts;
    const unsigned min_x = min(gs_to_u32(floorf(tx - trx)), tile_width);
    const unsigned min_y = min(gs_to_u32(floorf(ty - try_)), tile_height);
    const unsigned max_x = min(gs_to_u32(ceilf(tx + trx)), tile_width);
    const unsigned max_y = min(gs_to_u32(ceilf(ty + try_)), tile_height);
    tiles_per_gauss[idx] = (int)((max_y - min_y) * (max_x - min_x));
}
