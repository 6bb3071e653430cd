// FAST-9 corner scores of a grey image, the first kernel of ArrayFire's FAST detector
// (src/backend/cuda/kernel/fast.hpp: locate_features, what af::fast(in, thr 20, arc 9, ...)
// runs before its non-maximum suppression and keypoint gathering; Rosten and Drummond's
// segment test) (blind check set 41: written after calibration, never fitted on). As in
// ArrayFire: the grid covers the image less an edge of 3 pixels on every side (x = bx
// blockIdx.x + tx + edge); the block's pixels and a 3-pixel halo around them staged in a
// (bx + 6) x (by + 6) shared tile, one barrier; threads past the image's inner part return;
// p the centre, the pixel rejected early when both pixels 3 left and right, or both 3 above
// and below, are within thr of p (no arc of 9 can miss both of two opposite pixels); the 16
// pixels of the radius-3 Bresenham circle visited in order (the circle's offsets from
// ArrayFire's clamp trick: idx_y(i) = clamp(i - 4, -3, 3) for i < 8 and clamp(12 - i, -3, 3)
// after, idx_x(i) = idx_y(i + 4) or idx_y(i - 12)), bit i of `bright` set where the pixel is
// above p + thr and of `dark` where it is below p - thr, and s_bright / s_dark summing those
// pixels' |pixel - p| - thr; a corner where 9 consecutive circle pixels (cyclically) are all
// bright or all dark, its score max(s_bright, s_dark) stored at (x, y), nothing stored
// elsewhere (the score image starts zeroed). Departures: ArrayFire's fixed 16 x 16 block any
// shape (z folded into the rows), its four tile loads per thread loops a block's width and
// height apart; the arc test by ANDing the 16-bit mask doubled to 32 bits with itself shifted
// by 1 .. 8 (ArrayFire's own test, a table of arc lengths as far as remembered, not
// reproduced), and the score as Rosten and Drummond's V (the sum over the brighter or the
// darker circle pixels of |pixel - p| - thr; ArrayFire's exact score not remembered); float32
// pixels, row-major with x along the contiguous dimension (ArrayFire's dims[0]). Written from
// memory. Integer pixels: exact. x -> column, y*z -> row.
#include "common.cuh"

#define FAST_RADIUS 3
#define FAST_ARC 9

__device__ __forceinline__ int af_fast_clamp(int f, int a, int b) { return max(a, min(f, b)); }

// the circle's row and column offsets, i = 0 .. 15 from (0, -3) round the circle
__device__ __forceinline__ int af_fast_idx_y(int i) {
    if (i >= 8) return af_fast_clamp(-(i - 8 - 4), -3, 3);
    return af_fast_clamp(i - 4, -3, 3);
}

__device__ __forceinline__ int af_fast_idx_x(int i) {
    if (i < 12) return af_fast_idx_y(i + 4);
    return af_fast_idx_y(i - 12);
}

__device__ __forceinline__ float af_fast_abs_diff(float x, float y) { return fabsf(x - y); }

// FAST_ARC consecutive set bits somewhere round the 16-bit circle
__device__ __forceinline__ bool af_fast_arc(unsigned mask) {
    const unsigned m = mask | (mask << 16);
    unsigned run = m;
    for (int k = 1; k < FAST_ARC; k++) run &= m >> k;
    return (run & 0xFFFFu) != 0;
}

extern "C" __global__ void af_fast(const float* in, float* score, int idim0, int idim1,
                                   float thr, int edge) {
    extern __shared__ float local_image[];
    const int bx = blockDim.x, by = ga_block_rows();
    const int lx = threadIdx.x, ly = ga_row_in_block();
    const int x = bx * blockIdx.x + lx + edge;
    const int y = by * blockIdx.y + ly + edge;
    const int sw = bx + 2 * FAST_RADIUS;  // the tile's width and height
    const int sh = by + 2 * FAST_RADIUS;

    // the block's pixels and a 3-pixel edge, from (x - 3, y - 3) of the block's first thread
    const int x0 = bx * blockIdx.x + edge - FAST_RADIUS;
    const int y0 = by * blockIdx.y + edge - FAST_RADIUS;
    for (int b = ly; b < sh; b += by) {
        for (int a = lx; a < sw; a += bx) {
            if (x0 + a < idim0 && y0 + b < idim1)
                local_image[b * sw + a] = in[(y0 + b) * idim0 + x0 + a];
        }
    }
    __syncthreads();

    if (x >= idim0 - edge || y >= idim1 - edge) return;

    const int cx = lx + FAST_RADIUS, cy = ly + FAST_RADIUS;
    const float p = local_image[cy * sw + cx];

    // Start by testing opposite pixels of the circle that will result in a non-kernel pixel
    if (af_fast_abs_diff(p, local_image[cy * sw + cx - 3]) < thr &&
        af_fast_abs_diff(p, local_image[cy * sw + cx + 3]) < thr)
        return;
    if (af_fast_abs_diff(p, local_image[(cy - 3) * sw + cx]) < thr &&
        af_fast_abs_diff(p, local_image[(cy + 3) * sw + cx]) < thr)
        return;

    unsigned bright = 0, dark = 0;
    float s_bright = 0.0f, s_dark = 0.0f;
#pragma unroll
    for (int i = 0; i < 16; i++) {
        const float pix = local_image[(cy + af_fast_idx_y(i)) * sw + cx + af_fast_idx_x(i)];
        const bool is_bright = pix > p + thr;
        const bool is_dark = pix < p - thr;
        bright |= (unsigned)is_bright << i;
        dark |= (unsigned)is_dark << i;
        if (is_bright) s_bright += af_fast_abs_diff(pix, p) - thr;
        if (is_dark) s_dark += af_fast_abs_diff(pix, p) - thr;
    }

    if (af_fast_arc(bright) || af_fast_arc(dark))
        score[y * idim0 + x] = fmaxf(s_bright, s_dark);
}
