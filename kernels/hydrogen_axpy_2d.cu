// Y += alpha X on strided matrix views, Hydrogen's axpy_2d_tiled_kernel (LLNL/Elemental,
// src/hydrogen/blas/gpu/Axpy.cu, behind Axpy_GPU_impl in the same file: Hydrogen's
// gpu_blas::Axpy for a matrix on the GPU, e.g. LBANN's weight and gradient updates on
// El::Matrix views whose leading dimension exceeds their height) (blind check set 69: written
// after calibration, never fitted on). As in Hydrogen: row_start = blockIdx.x TILE_SIZE +
// threadIdx.x and col_start = blockIdx.y TILE_SIZE + threadIdx.y, below m the thread walks
// TILE_SIZE / BLK_COLS = 4 columns BLK_COLS apart, B[(col_start + ii) col_stride_B + row_start
// row_stride_B] += alpha A[(col_start + ii) col_stride_A + row_start row_stride_A], all four
// when col_start + TILE_SIZE <= n, else while col_start + ii < n; the host's TILE_SIZE x
// BLK_COLS = 32 x 8 blocks on cdiv(height, 32) x cdiv(width, 32) (a view: row strides 1,
// column strides the leading dimensions). Departures: the block the sweep's, any shape (x the
// row, TILE_SIZE = bx rows a block; y*z the column, BLK_COLS = by*bz and a block 4 by*bz
// columns wide, z folded in), SizeT int. Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: whole numbers and alpha =
// 0.5 (every result a multiple of 0.5 far below 2^23, contracted or not). 2-D: x the row, y*z
// four columns by*bz apart.
#include "common.cuh"

extern "C" __global__ void hydrogen_axpy_2d(int m, int n, float alpha,
                                            const float* __restrict__ A, int row_stride_A,
                                            int col_stride_A, float* __restrict__ B,
                                            int row_stride_B, int col_stride_B) {
    const int blk_cols = ga_block_rows();
    const int tile_cols = 4 * blk_cols;
    const int row_start = blockIdx.x * blockDim.x + threadIdx.x;
    const int col_start = blockIdx.y * tile_cols + ga_row_in_block();

    if (row_start < m) {
        const float* a = A + (long long)row_start * row_stride_A +
                         (long long)col_start * col_stride_A;
        float* b = B + (long long)row_start * row_stride_B + (long long)col_start * col_stride_B;
        if (col_start + tile_cols <= n) {
            for (int ii = 0; ii < tile_cols; ii += blk_cols) {
                b[(long long)ii * col_stride_B] += alpha * a[(long long)ii * col_stride_A];
            }
        } else {
            for (int ii = 0; ii < tile_cols && col_start + ii < n; ii += blk_cols) {
                b[(long long)ii * col_stride_B] += alpha * a[(long long)ii * col_stride_A];
            }
        }
    }
}
