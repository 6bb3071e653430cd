// The primal update of TIGRE's total-variation denoising, update_u (CERN/TIGRE,
// Common/CUDA/tvdenoising.cu, behind tvdenoising() in the same file: im3DDenoise's and the
// TV-regularized reconstructions' (ASD-POCS, OS-ASD-POCS, AwASD-POCS ...) minimizing
// iterations of Chambolle's dual algorithm, launched once an iteration before update_p)
// (blind check set 66: written after calibration, never fitted on). As in TIGRE: one thread a
// voxel (x, y, z) of a depth x rows x cols volume, idx = z rows cols + y cols + x, the
// divergence of the dual field p by backward differences (pz[idx] - pz at z - 1) / dz + the
// same along y (/ dy) and x (/ dx), each difference the bare p at the volume's first plane,
// row or column, then u[idx] = u[idx] (1 - tau) + tau (f[idx] + (1 / lambda) div); the host's
// BLOCK_SIZE^3 (10 x 10 x 10) blocks on cdiv(cols, 10) x cdiv(rows, 10) x cdiv(depth, 10).
// Departures: the block the sweep's, any shape (x the voxel's column, y*z its row, z folded
// in; the grid's z the plane, one a block layer, where TIGRE's threadIdx.z walks planes);
// tau a scalar argument (the host's tau1 from the iteration number) and the multi-GPU
// split's buffer planes folded into depth. Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: whole-number u, f and p,
// dyadic tau, 1 / lambda and spacings (every product, quotient and sum a dyadic number far
// inside float's 24 bits, contracted or not). 2-D: x the column, y*z the row, the grid's z
// the plane.
#include "common.cuh"

__device__ __forceinline__ float tigre_divergence(const float* pz, const float* py,
                                                  const float* px, long long z, long long y,
                                                  long long x, long long rows, long long cols,
                                                  float dz, float dy, float dx) {
    const long long size2d = rows * cols;
    const long long idx = z * size2d + y * cols + x;
    float div = 0.0f;
    if (z - 1 >= 0) {
        div += (pz[idx] - pz[(z - 1) * size2d + y * cols + x]) / dz;
    } else {
        div += pz[idx];
    }
    if (y - 1 >= 0) {
        div += (py[idx] - py[z * size2d + (y - 1) * cols + x]) / dy;
    } else {
        div += py[idx];
    }
    if (x - 1 >= 0) {
        div += (px[idx] - px[z * size2d + y * cols + (x - 1)]) / dx;
    } else {
        div += px[idx];
    }
    return div;
}

extern "C" __global__ void tigre_tv_update_u(const float* __restrict__ f,
                                             const float* __restrict__ pz,
                                             const float* __restrict__ py,
                                             const float* __restrict__ px,
                                             float* __restrict__ u, float tau, float lambda,
                                             long long depth, long long rows, long long cols,
                                             float dz, float dy, float dx) {
    const long long x = ga_col();
    const long long y = ga_row();
    const long long z = blockIdx.z;
    if (x >= cols || y >= rows || z >= depth) return;
    const long long idx = z * rows * cols + y * cols + x;

    const float div = tigre_divergence(pz, py, px, z, y, x, rows, cols, dz, dy, dx);
    u[idx] = u[idx] * (1.0f - tau) + tau * (f[idx] + (1.0f / lambda) * div);
}
