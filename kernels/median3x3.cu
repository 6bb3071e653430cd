// 3 x 3 median filter of a float32 image, neighbours clamped at the borders (blind check set
// 5: kept out of every fit, see fixtures/hopper/blind5/README.md). Each thread loads its nine
// neighbours from three rows and finds their median with a 19 compare-exchange sorting
// network (min/max pairs, no branches); each input element is read by nine threads.
// x -> column, y*z -> row.
#include "common.cuh"

// Orders a pair: a gets the smaller value, b the larger.
__device__ __forceinline__ void ga_sort2(float& a, float& b) {
    const float lo = fminf(a, b);
    b = fmaxf(a, b);
    a = lo;
}

extern "C" __global__ void median3x3(const float* __restrict__ in, float* __restrict__ out,
                                     int rows, int cols) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    float p[9];
#pragma unroll
    for (int dr = -1; dr <= 1; ++dr) {
        const int rr = min(max(r + dr, 0), rows - 1);
#pragma unroll
        for (int dc = -1; dc <= 1; ++dc) {
            const int cc = min(max(c + dc, 0), cols - 1);
            p[3 * (dr + 1) + (dc + 1)] = in[(size_t)rr * cols + cc];
        }
    }
    // Median of nine (Paeth's network; verified on every ordering of nine values): only p[4]
    // ends in its sorted place.
    ga_sort2(p[1], p[2]); ga_sort2(p[4], p[5]); ga_sort2(p[7], p[8]);
    ga_sort2(p[0], p[1]); ga_sort2(p[3], p[4]); ga_sort2(p[6], p[7]);
    ga_sort2(p[1], p[2]); ga_sort2(p[4], p[5]); ga_sort2(p[7], p[8]);
    ga_sort2(p[0], p[3]); ga_sort2(p[5], p[8]); ga_sort2(p[4], p[7]);
    ga_sort2(p[3], p[6]); ga_sort2(p[1], p[4]); ga_sort2(p[2], p[5]);
    ga_sort2(p[4], p[7]); ga_sort2(p[2], p[4]); ga_sort2(p[4], p[6]);
    ga_sort2(p[2], p[4]);
    out[(size_t)r * cols + c] = p[4];
}
