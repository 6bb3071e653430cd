// Mandelbrot escape counts in 64-bit fixed point (blind check set: kept out of every fit, see
// fixtures/hopper/blind/README.md). Compute-bound with data-dependent divergence: a warp runs
// until its slowest lane escapes, so warps covering compact 2-D tiles diverge less than long
// rows. No loads; one 32-bit store per pixel. Fixed point (Q24 in int64) keeps the counts
// exact against the NumPy reference. x -> column, y*z -> row; the view is [-2, 1] x [-1.5, 1.5].
#include "common.cuh"

extern "C" __global__ void mandelbrot(int* __restrict__ counts, int rows, int cols, int max_iter) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    const long long one = 1LL << 24;
    const long long cx = -2 * one + (3 * one * (long long)c) / cols;
    const long long cy = -(3 * one) / 2 + (3 * one * (long long)r) / rows;
    long long x = 0, y = 0;
    int k = 0;
    while (k < max_iter) {
        const long long xx = (x * x) >> 24, yy = (y * y) >> 24;
        if (xx + yy > 4 * one) {
            break;
        }
        const long long xy = (x * y) >> 23;  // 2xy
        x = xx - yy + cx;
        y = xy + cy;
        ++k;
    }
    counts[(size_t)r * cols + c] = k;
}
