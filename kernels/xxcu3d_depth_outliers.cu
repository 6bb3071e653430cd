// xxCu3Dlibrary's deleleOutliersDepthData3X3 (littlebearsama/xxCu3Dlibrary,
// cuFilter/cuFilters.cu, beside cuFilter_DeleleOutliers in the same file, whose launch of it
// with blockSize = 128 on cdiv(width height, 128) blocks is commented out there in favour
// of the N x N variant: a structured-light / depth-camera point cloud's outlier flags, each
// depth pixel an inlier when enough of its eight neighbours lie within a depth threshold)
// (blind check set 113: written after calibration, never fitted on). As in xxCu3Dlibrary:
// index = blockIdx.x blockDim.x + threadIdx.x, x = index mod width, y = index / width,
// nothing at or past N = width height; a NaN centre flagged 0; otherwise each neighbour
// (x + dx) + (y + dy) width read where that linear offset lies in [0, N) (so a row's first
// and last columns wrap to the neighbouring rows), NaN outside; a neighbour counted as
// missing when NaN or when |neighbour - centre| exceeds the threshold, except that the
// upper right one is counted only when NaN (the source does not count it as an outlier);
// the flag 1 where 8 - missing >= neighborthresh, else 2. Departures: the block any shape
// (linearized), |.| as fabsf (the source's abs on a float), 64-bit offsets. Reimplemented
// from the published source (its indexing, arithmetic and control flow; none of its text).
// Exact: whole-number depths, differences and compares. 1-D, no shared memory: per thread
// nine 4 B loads from three rows (a warp's 128 B contiguous each, shared with the
// neighbouring lanes and threads of the rows above and below) and one 4 B store.
#include "common.cuh"

__device__ __forceinline__ float xxcu3d_depth_at(const float* depth, long long at,
                                                 long long n) {
    return (at >= 0 && at < n) ? depth[at] : __int_as_float(0x7fc00000);
}

extern "C" __global__ void xxcu3d_depth_outliers(const float* depth, int width, int height,
                                                 int* flags, int neighbor_thresh,
                                                 float depth_thresh) {
    const long long index = ga_linear();
    const long long n = (long long)width * height;
    if (index >= n) return;
    const long long x = index % width;
    const long long y = index / width;
    const float centre = depth[index];
    if (isnan(centre)) {
        flags[index] = 0;
        return;
    }
    int missing = 0;
    for (int k = 0; k < 8; ++k) {
        // lt, t, rt, l, r, lb, b, rb as in the source
        const int dx = (k == 0 || k == 3 || k == 5) ? -1 : ((k == 1 || k == 6) ? 0 : 1);
        const int dy = k < 3 ? -1 : (k < 5 ? 0 : 1);
        const float v = xxcu3d_depth_at(depth, (x + dx) + (y + dy) * width, n);
        if (isnan(v)) {
            ++missing;
        } else if (k != 2 && fabsf(v - centre) > depth_thresh) {
            ++missing;
        }
    }
    flags[index] = (8 - missing >= neighbor_thresh) ? 1 : 2;
}
