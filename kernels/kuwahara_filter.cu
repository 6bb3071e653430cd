// The Kuwahara edge-preserving smoothing filter on a grey image (Kuwahara et al. 1976), as
// public GPU image-processing codes run the classic square-window form (blind check set 39:
// written after calibration, never fitted on): for each pixel the four overlapping (r + 1) x
// (r + 1) quadrants of its (2r + 1)^2 window (up-left, up-right, down-left, down-right, each
// containing the pixel), the mean and variance of each, and the mean of the quadrant of least
// variance (the first in that order on a tie), with borders clamped. The tile of the block
// and an r-pixel halo staged in shared memory by loops a block's width and height apart, a
// barrier, then the four quadrant sums from shared memory. Departures: the variance compared
// as n sum(x^2) - sum(x)^2 (n^2 times the variance, exact in float for 8-bit pixels and r <=
// 3) rather than as sum(x^2) / n - mean^2, so that ties break the same way everywhere; the
// tile a dynamic allocation of (bx + 2r)(by*bz + 2r) floats. Written from memory. x ->
// column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void kuwahara_filter(const float* in, float* out, int rows, int cols,
                                           int radius) {
    extern __shared__ float tile[];
    const int BX = blockDim.x, BY = ga_block_rows();
    const int tw = BX + 2 * radius, th = BY + 2 * radius;
    const int x0 = blockIdx.x * BX - radius, y0 = blockIdx.y * BY - radius;
    for (int ty = ga_row_in_block(); ty < th; ty += BY) {
        const int gy = min(max(y0 + ty, 0), rows - 1);
        for (int tx = threadIdx.x; tx < tw; tx += BX) {
            const int gx = min(max(x0 + tx, 0), cols - 1);
            tile[ty * tw + tx] = in[(long long)gy * cols + gx];
        }
    }
    __syncthreads();

    const int x = ga_col(), y = ga_row();
    if (x >= cols || y >= rows) return;
    const int cx = threadIdx.x + radius, cy = ga_row_in_block() + radius;
    const float n = (float)((radius + 1) * (radius + 1));
    float best_mean = 0.0f, best_var = 0.0f;
    for (int q = 0; q < 4; q++) {
        const int qy = (q < 2) ? cy - radius : cy;   // up, up, down, down
        const int qx = (q & 1) ? cx : cx - radius;   // left, right, left, right
        float sum = 0.0f, sumsq = 0.0f;
        for (int dy = 0; dy <= radius; dy++) {
            for (int dx = 0; dx <= radius; dx++) {
                const float v = tile[(qy + dy) * tw + qx + dx];
                sum += v;
                sumsq += v * v;
            }
        }
        const float var = n * sumsq - sum * sum;
        if (q == 0 || var < best_var) {
            best_var = var;
            best_mean = sum / n;
        }
    }
    out[(long long)y * cols + x] = best_mean;
}
