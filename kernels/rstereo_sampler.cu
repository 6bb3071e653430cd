// RAFT-Stereo's sampler_forward_kernel<float> (princeton-vl/RAFT-Stereo,
// sampler/sampler_kernel.cu, launched by sampler_cuda_forward in the same file behind
// corr_sampler.forward, RAFT-Stereo's "reg_cuda" correlation lookup: each pixel's 2r + 1
// correlation values sampled along its epipolar row of one level of the 1-D correlation
// pyramid around its current disparity estimate) (blind check set 89: written after
// calibration, never fitted on). As in the source: x = blockIdx.x blockDim.x + threadIdx.x,
// y likewise, n = blockIdx.z, nothing outside the h1 x w1 image; x0 = coords[n][0][y][x], dx =
// x0 - floor(x0), and for i from 0 to 2r + 1 the volume value s = volume[n][y][x][x1] at x1 =
// floor(x0) - r + i, when 0 <= x1 < w2, added as s dx to corr[n][i - 1][y][x] (i > 0) and
// as s (1 - dx) to corr[n][i][y][x] (i < 2r + 1); the host's BLOCK x BLOCK = 16 x 16 threads
// on cdiv(wd, 16) x cdiv(ht, 16) x batch blocks. Departures: the block the sweep's, any shape
// (x the column, y*z the row with z folded in, the batch item from the grid's z); the packed
// accessors as flat pointers with 64-bit offsets; float only; the unused y0 and dy left out.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: whole-number coordinates (dx 0: one tap of each pair weighted 1, the other
// 0) and whole-number volume values. 2-D, no shared memory: each thread a 4 B coordinate load
// (a warp's 128 B contiguous), 2r + 2 4 B gathers along its own row of the volume (a warp's
// lanes w2 * 4 B apart: x is not the volume's contiguous dimension) and 2 (2r + 1) 4 B
// read-modify-writes of corr (a warp's 128 B contiguous each).
#include "common.cuh"

extern "C" __global__ void rstereo_sampler(const float* volume, const float* coords, float* corr,
                                           int h1, int w1, int w2, int r) {
    const int x = ga_col();
    const int y = ga_row();
    const long long n = blockIdx.z;
    if (y < 0 || y >= h1 || x < 0 || x >= w1) return;
    const long long plane = (long long)h1 * w1;
    const long long pix = (long long)y * w1 + x;
    const float x0 = coords[n * 2 * plane + pix];
    const float fx = floorf(x0);
    const float dx = x0 - fx;
    const int base = (int)fx - r;
    const int rd = 2 * r + 1;
    const float* row = volume + (n * plane + pix) * w2;
    float* out = corr + n * rd * plane + pix;
    for (int i = 0; i < rd + 1; i++) {
        const int x1 = base + i;
        if (x1 >= 0 && x1 < w2) {
            const float s = row[x1];
            if (i > 0) out[(i - 1) * plane] += s * dx;
            if (i < rd) out[i * plane] += s * (1.0f - dx);
        }
    }
}
