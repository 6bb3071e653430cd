// BAD SLAM's DownsampleImagesCUDAKernel (ETH3D/badslam,
// applications/badslam/src/badslam/kernel_downsample.cu, launched by DownsampleImagesCUDA in
// the same file through CUDA_AUTO_TUNE_2D with a default 32 x 32 block: a level of the image
// pyramid of BAD SLAM's bundle-adjusted direct RGB-D SLAM, each half-resolution pixel keeping
// the one of its four source depths closest to their valid average, with that pixel's packed
// normal) (blind check set 102: written after calibration, never fitted on). As in BAD SLAM: x =
// blockIdx.x blockDim.x + threadIdx.x and y likewise, nothing outside the downsampled image; the
// four depths at (2y + dy, 2x + dx) for (dy, dx) = (0, 0), (0, 1), (1, 0), (1, 1), those above 0
// summed and counted, the others set to infinity; no valid depth: the output depth 0; otherwise
// average = sum / count and the first depth with the smallest |depth - average| stored with the
// normal at its source pixel. Departures: the block any shape (y*z the row with z folded in);
// the pitched CUDABuffer_ images as row-major arrays; the 16-bit packed normals as 32-bit words
// (the same values); the colour image, read through a bilinear texture, left out. Reimplemented
// from the published source (its indexing, arithmetic and control flow; none of its text).
// Exact: whole-number depths summed exactly, one correctly rounded division, float
// subtractions and comparisons (no products: nothing to contract). 2-D, no shared memory: x the
// output column; per thread two 8 B depth loads (a pair of source columns, a warp's 256 B
// contiguous per source row), one 4 B normal gather from one of the four source pixels, a 4 B
// depth store and a 4 B normal store (a warp's 128 B contiguous each).
#include "common.cuh"

extern "C" __global__ void badslam_downsample(const float* depth, const unsigned* normals,
                                              float* down_depth, unsigned* down_normals,
                                              int src_width, int width, int height) {
    const int x = ga_col();
    const int y = ga_row();
    if (x >= width || y >= height) return;
    float d[4];
    float sum = 0.0f;
    int count = 0;
    for (int q = 0; q < 4; ++q) {
        const long long at = (long long)(2 * y + (q >> 1)) * src_width + 2 * x + (q & 1);
        d[q] = depth[at];
        if (d[q] > 0.0f) {
            sum += d[q];
            count += 1;
        } else {
            d[q] = __int_as_float(0x7f800000);  // +infinity
        }
    }
    const long long out = (long long)y * width + x;
    if (count == 0) {
        down_depth[out] = 0.0f;
        return;
    }
    const float average = sum / count;
    int best = 0;
    float best_distance = __int_as_float(0x7f800000);
    for (int q = 0; q < 4; ++q) {
        const float distance = fabsf(d[q] - average);
        if (distance < best_distance) {
            best = q;
            best_distance = distance;
        }
    }
    down_depth[out] = d[best];
    down_normals[out] = normals[(long long)(2 * y + (best >> 1)) * src_width + 2 * x + (best & 1)];
}
