// nvdiffrecmc's xfmPointsFwdKernel (NVlabs/nvdiffrecmc, render/renderutils/c_src/mesh.cu,
// behind renderutils' xfm_points: a batch of mesh vertex positions multiplied by each view's
// 4 x 4 model-view-projection matrix into homogeneous clip-space positions before
// rasterization) (blind check set 89: written after calibration, never fitted on). As in the
// source: px = blockIdx.x blockDim.x + threadIdx.x the point, pz = blockIdx.z blockDim.z +
// threadIdx.z the batch item; the threads with threadIdx.x below 16 load the item's matrix
// transposed into a 4 x 4 shared array (mtx[c][r] = matrix[pz][r][c]), a barrier, then for a
// point below the point count its 3 coordinates read and, for points (isPoints), out[pz][px][j]
// = x mtx[0][j] + y mtx[1][j] + z mtx[2][j] + mtx[3][j] for j = 0..3 (3 components without the
// translation otherwise); the host's launch (not read). Departures: the block the sweep's,
// any shape (x the point, y*z the batch item with z folded in, one shared matrix a block row,
// loaded by the row's threads in steps of blockDim.x so that any bx fills it, and only for
// an item below the batch count); the Tensor structs as flat [batch, points, 3] and [batch,
// points, 4] pointers with 64-bit offsets; isPoints an int. Reimplemented from the published
// source (its indexing, arithmetic and control flow; none of its text). Exact: sums of
// products of whole numbers far below 2^24. 2-D, shared memory: each thread three 4 B loads (a
// warp's lanes 12 B apart, 384 B in all), four 4 B shared loads of its row's matrix (a
// broadcast) and four 4 B stores (a warp's lanes 16 B apart, 512 B in all).
#include "common.cuh"

extern "C" __global__ void nvdr_xfm_points(const float* points, const float* matrix, float* out,
                                           int npoints, int nbatch, int isPoints) {
    extern __shared__ float nvdr_mtx[];  // 16 floats a block row
    const int px = ga_col();
    const int pz = ga_row();
    float* mtx = nvdr_mtx + 16 * ga_row_in_block();
    if (pz < nbatch) {
        for (int k = threadIdx.x; k < 16; k += blockDim.x)
            mtx[(k % 4) * 4 + k / 4] = matrix[(long long)pz * 16 + k];
    }
    __syncthreads();
    if (px >= npoints || pz >= nbatch) return;
    const long long p = (long long)pz * npoints + px;
    const float x = points[p * 3 + 0];
    const float y = points[p * 3 + 1];
    const float z = points[p * 3 + 2];
    if (isPoints) {
        for (int j = 0; j < 4; ++j)
            out[p * 4 + j] = x * mtx[0 * 4 + j] + y * mtx[1 * 4 + j] + z * mtx[2 * 4 + j] +
                             mtx[3 * 4 + j];
    } else {
        for (int j = 0; j < 3; ++j)
            out[p * 3 + j] = x * mtx[0 * 4 + j] + y * mtx[1 * 4 + j] + z * mtx[2 * 4 + j];
    }
}
