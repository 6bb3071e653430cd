// DROID-SLAM's corr_index_forward_kernel<float> (princeton-vl/DROID-SLAM,
// src/correlation_kernels.cu, launched by corr_index_cuda_forward in the same file: the lookup
// of DROID-SLAM's correlation pyramid, each pixel of each frame-graph edge gathering the
// (2r + 2)^2 window of its own all-pairs correlation plane around its projected coordinate and
// splatting it bilinearly into a (2r + 1)^2 feature) (blind check set 92: written after
// calibration, never fitted on). As in DROID-SLAM: x = blockIdx.x blockDim.x + threadIdx.x
// (the column), y = blockIdx.y blockDim.y + threadIdx.y (the row), n = blockIdx.z (the edge);
// leaving outside h1 x w1; x0 = coords[n][0][y][x], y0 = coords[n][1][y][x], dx and dy their
// fractions; for i and j below rd + 1 (rd = 2r + 1), x1 = floor(x0) - r + i, y1 = floor(y0) -
// r + j, where (y1, x1) lies inside h2 x w2, s = volume[n][y][x][y1][x1] added, times dx dy,
// dx (1 - dy), (1 - dx) dy and (1 - dx)(1 - dy), to corr[n][i-1][j-1], [i-1][j], [i][j-1] and
// [i][j] at (y, x) where those lie inside rd x rd (each a read-modify-write in global memory);
// the host's BLOCK x BLOCK = 16 x 16 threads on cdiv(wd, 16) x cdiv(ht, 16) x batch blocks,
// corr zeroed (torch::zeros) before. Departures: the block the sweep's, any shape (z folded
// into the rows); float only (the source's AT_DISPATCH_FLOATING_TYPES_AND_HALF); the packed
// accessors as explicit contiguous offsets (in 64 bits). Reimplemented from the published
// source (its indexing, arithmetic and control flow; none of its text). Exact: the data's
// coordinates are whole numbers (the bilinear weights 0 and 1), the sums of whole numbers. 2-D,
// no shared memory, a per-thread loop, x NOT the volume's contiguous dimension: x the column
// (a warp's 4 B coordinate loads and corr updates 128 B contiguous), y*z the row, grid z the
// edge; each thread gathering 4 B values from its own h2 x w2 correlation plane (the lanes'
// planes h2 w2 values apart) over (2r + 2)^2 taps.
#include "common.cuh"

extern "C" __global__ void droid_corr_index(const float* volume, const float* coords,
                                            float* corr, int h1, int w1, int h2, int w2,
                                            int r) {
    const int x = ga_col();
    const int y = ga_row();
    const long long n = blockIdx.z;
    if (y < 0 || y >= h1 || x < 0 || x >= w1) return;
    const long long plane = (long long)h1 * w1;
    const float x0 = coords[(n * 2 + 0) * plane + (long long)y * w1 + x];
    const float y0 = coords[(n * 2 + 1) * plane + (long long)y * w1 + x];
    const float dx = x0 - floorf(x0);
    const float dy = y0 - floorf(y0);
    const int rd = 2 * r + 1;
    const float* vol = volume + ((n * h1 + y) * w1 + x) * (long long)h2 * w2;
    float* out = corr + n * rd * rd * plane + (long long)y * w1 + x;
    for (int i = 0; i < rd + 1; ++i) {
        for (int j = 0; j < rd + 1; ++j) {
            const int x1 = (int)floorf(x0) - r + i;
            const int y1 = (int)floorf(y0) - r + j;
            if (y1 >= 0 && y1 < h2 && x1 >= 0 && x1 < w2) {
                const float s = vol[(long long)y1 * w2 + x1];
                if (i > 0 && j > 0) out[((i - 1) * rd + (j - 1)) * plane] += s * (dx * dy);
                if (i > 0 && j < rd) out[((i - 1) * rd + j) * plane] += s * (dx * (1.0f - dy));
                if (i < rd && j > 0) out[(i * rd + (j - 1)) * plane] += s * ((1.0f - dx) * dy);
                if (i < rd && j < rd)
                    out[(i * rd + j) * plane] += s * ((1.0f - dx) * (1.0f - dy));
            }
        }
    }
}
