// The per-pixel count of rays through a reconstruction slice, TomoPy's cuda_sum_dist_compute
// (tomopy/tomopy, source/libtomo/accel/gpu/utils.cu, behind cuda_compute_sum_dist in the same
// file: the GPU SIRT and MLEM reconstructions' (sirt_cuda, mlem_cuda) normalisation, once per
// projection angle p after the all-ones image is rotated to it by NPP, summed into sum_dist
// for every slice) (blind check set 68: written after calibration, never fitted on). As in
// TomoPy: grid-stride loops in all three dimensions, n from blockIdx.x blockDim.x +
// threadIdx.x below nx in steps of blockDim.x gridDim.x, d from the y's alike below dx, s from
// the z's alike below dy, atomicAdd(&sum_dist[s nx ny + d nx + n], ones[d nx + n] > 0 ? 1 :
// 0) (p unused); the host's 32 x 32 x 1 blocks (GetBlockDims) on ComputeGridDims(nx, dt, dy):
// the grid's y from the number of angles dt, not the dx rows its loop walks. Departures: the
// block the sweep's, any shape (x the column, y*z the row, z folded in: the slice loop steps
// over the grid's z alone, one slice a block layer); one angle's launch (the host's loop over
// dt launches it once per angle). Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: unsigned counts. 2-D: x the column,
// y*z the row (looping over the dx rows in steps of the grid), the grid's z the slice.
#include "common.cuh"

extern "C" __global__ void tomopy_sum_dist(int dy, int dx, int nx, int ny,
                                           const int* __restrict__ ones,
                                           unsigned* __restrict__ sum_dist, int p) {
    const int nx0 = ga_col();
    const int nxstride = blockDim.x * gridDim.x;
    const int dx0 = ga_row();
    const int dxstride = ga_block_rows() * gridDim.y;
    const int dy0 = blockIdx.z;
    const int dystride = gridDim.z;

    for (int s = dy0; s < dy; s += dystride) {
        for (int d = dx0; d < dx; d += dxstride) {
            unsigned* row = sum_dist + (long long)s * nx * ny + (long long)d * nx;
            const int* ones_row = ones + (long long)d * nx;
            for (int n = nx0; n < nx; n += nxstride) {
                atomicAdd(&row[n], (ones_row[n] > 0) ? 1u : 0u);
            }
        }
    }
}
