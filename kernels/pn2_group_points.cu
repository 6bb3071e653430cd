// Pointnet2_PyTorch's group_points_kernel (erikwijmans/Pointnet2_PyTorch,
// pointnet2/_ext-src/src/group_points_gpu.cu, launched by group_points_kernel_wrapper in the
// same file behind QueryAndGroup / GroupingOperation: PointNet++'s set-abstraction grouping,
// each centroid's nsample ball-query neighbours' features gathered into a (b, c, npoints,
// nsample) tensor) (blind check set 88: written after calibration, never fitted on). As in
// Pointnet2_PyTorch: one block a batch item (blockIdx.x), the block's threads linearized
// (threadIdx.y blockDim.x + threadIdx.x) striding over the c * npoints (feature, centroid)
// pairs, l = i / npoints, j = i % npoints, and for k below nsample out[(l npoints + j)
// nsample + k] = points[l n + idx[j nsample + k]] with the batch's offsets; the host's
// opt_block_config(npoints, c) threads (not read) on b blocks. Departures: the block the
// sweep's, any shape (linearized over x, y and z); offsets in 64 bits. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// copies. 1-D, no shared memory, one block a batch item: each thread nsample 4 B index loads
// and 4 B stores in a row (a warp's lanes nsample * 4 B apart) and nsample 4 B gathers from its
// feature's row of points.
#include "common.cuh"

extern "C" __global__ void pn2_group_points(int b, int c, int n, int npoints, int nsample,
                                            const float* points, const int* idx, float* out) {
    const long long batch = blockIdx.x;
    const float* pts = points + batch * n * c;
    const int* ids = idx + batch * npoints * nsample;
    float* dst = out + batch * npoints * nsample * c;
    const int stride = ga_nthreads();
    for (int i = ga_tid(); i < c * npoints; i += stride) {
        const int l = i / npoints;
        const int j = i % npoints;
        for (int k = 0; k < nsample; ++k) {
            const int ii = ids[(long long)j * nsample + k];
            dst[((long long)l * npoints + j) * nsample + k] = pts[(long long)l * n + ii];
        }
    }
}
