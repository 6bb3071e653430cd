// Canny edge detection's non-maximum suppression and double threshold, the step between the
// Sobel gradients and the hysteresis pass, written as OpenCV's Canny writes it (L1 magnitude
// |dx| + |dy|, the gradient direction sorted into horizontal, vertical or one of the two
// diagonals by 15-bit fixed-point tan(22.5 deg) and tan(67.5 deg) comparisons, a pixel kept
// where its magnitude is above the low threshold and a peak along the direction: > the
// neighbour before and >= the one after, > both on diagonals), with the two neighbours'
// magnitudes computed here from their own dx and dy read directly from global memory (no
// shared memory) (blind check set 14: written after calibration, never fitted on; its sweeps
// go to fixtures/hopper/blind14/ once recorded). Output map: 0 no edge, 1 weak edge (a peak
// above the low threshold), 2 strong edge (above the high threshold too); pixels outside
// the image have magnitude 0. One thread per pixel: two contiguous 4 B loads (dx, dy); for
// pixels above the low threshold (most of them), integer direction tests and four more 4 B
// loads of the two neighbours along the gradient (the row above and below or the same row:
// L1/L2 hits of the lines neighbouring rows of threads bring in; which neighbours depends on
// the data); one contiguous 4 B store. Integer arithmetic: exact. x -> column, y*z -> row.
#include "common.cuh"

#define CANNY_SHIFT 15
#define CANNY_TG22 13573  // (int)(tan(22.5 deg) * 2^15 + 0.5)

__device__ __forceinline__ int canny_mag(const int* __restrict__ dx, const int* __restrict__ dy,
                                         int r, int c, int rows, int cols) {
    if (r < 0 || r >= rows || c < 0 || c >= cols) {
        return 0;
    }
    const long long k = (long long)r * cols + c;
    return abs(dx[k]) + abs(dy[k]);
}

extern "C" __global__ void canny_nms(const int* __restrict__ dx, const int* __restrict__ dy,
                                     int* __restrict__ edges, int rows, int cols, int low,
                                     int high) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    const long long k = (long long)r * cols + c;
    const int gx = dx[k];
    const int gy = dy[k];
    const int m = abs(gx) + abs(gy);
    int edge = 0;
    if (m > low) {
        const int xs = abs(gx);
        const int ys = abs(gy) << CANNY_SHIFT;
        const int tg22x = xs * CANNY_TG22;
        bool peak;
        if (ys < tg22x) {  // within 22.5 degrees of horizontal: left and right
            peak = m > canny_mag(dx, dy, r, c - 1, rows, cols) &&
                   m >= canny_mag(dx, dy, r, c + 1, rows, cols);
        } else {
            const int tg67x = tg22x + (xs << (CANNY_SHIFT + 1));
            if (ys > tg67x) {  // within 22.5 degrees of vertical: above and below
                peak = m > canny_mag(dx, dy, r - 1, c, rows, cols) &&
                       m >= canny_mag(dx, dy, r + 1, c, rows, cols);
            } else {  // a diagonal: down-right if dx and dy agree in sign, else down-left
                const int s = (gx ^ gy) < 0 ? -1 : 1;
                peak = m > canny_mag(dx, dy, r - 1, c - s, rows, cols) &&
                       m > canny_mag(dx, dy, r + 1, c + s, rows, cols);
            }
        }
        if (peak) {
            edge = m > high ? 2 : 1;
        }
    }
    edges[k] = edge;
}
