// QuAcK's A_D_At_kernel (pfloos/QuAcK, src/cuda/src/a_d_at.cu, launched by A_D_At in the same
// file from the CUDA path of QuAcK's direct RPA (src/cuda): R = A diag(D) A^T for a square
// matrix of eigenvectors A and a vector of eigenvalues D, the back-transformation that forms
// matrix functions such as (A - B)^(1/2) of the RPA's orbital-rotation matrices from their
// eigendecomposition) (blind check set 104: written after calibration, never fitted on). As in
// QuAcK: i = blockIdx.x blockDim.x + threadIdx.x, j = blockIdx.y blockDim.y + threadIdx.y,
// both looped grid-stride (the j loop, as in QuAcK, not restarted for a second i: the host's
// grid covers n once, so both loops run once); R[i n + j] set to 0, then for k below n
// R[i n + j] += D[k] A[i + k n] A[j + k n], the sum kept in R itself (global memory, read and
// written every term); the host's 32 x 32 threads on cdiv(n, 32) x cdiv(n, 32) blocks.
// Departures: the block any shape (z folded into the rows: y*z the column j, its stride by*bz
// gridDim.y); offsets in 64 bits. Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: whole-number products and sums far
// inside float64's 53 bits (with or without contraction). 2-D, no shared memory, x NOT the
// contiguous dimension of the output: x the row i of R (a warp's lanes n * 8 B apart), y*z the
// column j; per term a broadcast 8 B D load, an 8 B A load along x (a warp's 256 B contiguous),
// an 8 B A load along y (one address a warp) and an 8 B read-modify-write of R (lanes n * 8 B
// apart).
#include "common.cuh"

extern "C" __global__ void quack_a_d_at(int n, const double* A, const double* D, double* R) {
    int i = ga_col();
    int j = ga_row();
    const int stride_i = blockDim.x * gridDim.x;
    const int stride_j = ga_block_rows() * gridDim.y;
    while (i < n) {
        const long long row = (long long)i * n;
        while (j < n) {
            double* out = R + row + j;
            *out = 0.0;
            for (int k = 0; k < n; ++k) {
                const long long kn = (long long)k * n;
                *out += D[k] * A[i + kn] * A[j + kn];
            }
            j += stride_j;
        }
        i += stride_i;
    }
}
