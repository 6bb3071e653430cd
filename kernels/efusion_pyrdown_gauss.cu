// The Gaussian pyramid step of the depth maps, ElasticFusion's pyrDownKernelGaussF
// (mp3guy/ElasticFusion, Core/src/Cuda/cudafuncs.cu, behind pyrDownGaussF in the same file:
// RGBDOdometry::populateRGBDData and Model's ICP set-up build every level of the depth
// pyramid with it before the photometric and geometric odometry of each frame) (blind check
// set 66: written after calibration, never fitted on). As in ElasticFusion: one thread a
// destination pixel (x, y) of the half-size image; the 5 x 5 source window from rows max(0,
// 2y - 2) up to (not including) ty = min(2y + 3, src rows - 1) and columns max(0, 2x - 2) up
// to tx = min(2x + 3, src cols - 1) (the source's last row and column never taken), each
// non-NaN sample times the kernel's entry gaussKernel[(ty - cy - 1) 5 + (tx - cx - 1)] summed
// (float) and the entry added to an int count, then dst = sum / count; the host's 32 x 8
// blocks on cdiv(dst cols, 32) x cdiv(dst rows, 8). Departures: the block the sweep's, any
// shape (x the destination column, y*z its row, z folded in); the PtrStepSz pitched images
// dense (steps the widths) with their sizes as int arguments; the 5 x 5 binomial kernel (1 4
// 6 4 1 outer product) a buffer argument of whole-number weights. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// whole-number samples and weights (every product and partial sum an integer below 2^24,
// contracted or not; the count an exact integer), then one correctly rounded division.
// 2-D: x the destination column, y*z its row.
#include "common.cuh"

#define EF_D 5

extern "C" __global__ void efusion_pyrdown_gauss(const float* __restrict__ src, int src_rows,
                                                 int src_cols, float* __restrict__ dst,
                                                 int dst_rows, int dst_cols,
                                                 const float* __restrict__ gaussKernel) {
    const int x = ga_col();
    const int y = ga_row();
    if (x >= dst_cols || y >= dst_rows) return;

    const int tx = min(2 * x - EF_D / 2 + EF_D, src_cols - 1);
    const int ty = min(2 * y - EF_D / 2 + EF_D, src_rows - 1);

    float sum = 0.0f;
    int count = 0;
    for (int cy = max(0, 2 * y - EF_D / 2); cy < ty; ++cy) {
        const float* row = src + (long long)cy * src_cols;
        for (int cx = max(0, 2 * x - EF_D / 2); cx < tx; ++cx) {
            const float v = row[cx];
            if (!isnan(v)) {
                const float w = gaussKernel[(ty - cy - 1) * EF_D + (tx - cx - 1)];
                sum += v * w;
                count += w;
            }
        }
    }
    dst[(long long)y * dst_cols + x] = sum / (float)count;
}
