// The trailing-submatrix update of blocked LU decomposition, Rodinia's lud_internal
// (rodinia/cuda/lud/lud_kernel.cu: the third kernel of each step of Rodinia's LUD, after
// lud_diagonal and lud_perimeter), one element of the trailing matrix per thread (blind check
// set 31: written after calibration, never fitted on; its sweeps go to fixtures/hopper/blind31/
// once recorded). m is matrix_dim x matrix_dim, row-major, updated in place; the step at
// offset takes the BLOCK_SIZE-wide strips of rows offset .. offset + 15 (peri_row, already
// solved by lud_perimeter) and of columns offset .. offset + 15 (peri_col) and subtracts
// their product from every element of the trailing matrix below and right of them:
// m[r][c] -= sum over i of m[r][offset + i] m[offset + i][c]. Rodinia's block is BLOCK_SIZE x
// BLOCK_SIZE (16 x 16) with its two BLOCK_SIZE x BLOCK_SIZE shared tiles, thread (tx, ty)
// loading one element of each. Here the block tile is bx columns x by*bz rows and the shared
// tiles are sized from it (dynamic shared memory: peri_row BLOCK_SIZE x bx, peri_col by*bz x
// BLOCK_SIZE): each thread loads the column's strip rows ty, ty + by*bz, ... and the row's
// strip columns tx, tx + bx, ... (one element each when the block is 16 x 16, as in Rodinia);
// the block's first row and column are offset + BLOCK_SIZE + the block's index times its
// rows and columns (Rodinia's offset + (by + 1) BLOCK_SIZE), and bounds tests keep threads
// past the matrix from loading (zeros) or storing (Rodinia's matrix is a multiple of 16).
// One barrier; then 16 FMAs from the two tiles and a read-modify-write of the element.
// float32: integer data keep the sums exact. x -> column, y*z -> row.
#include "common.cuh"

#define BLOCK_SIZE 16

extern "C" __global__ void rodinia_lud_internal(float* __restrict__ m, int matrix_dim, int offset) {
    extern __shared__ float lud_smem[];
    const int bdy = ga_block_rows();     // Rodinia's BLOCK_SIZE rows of the block
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();
    float* peri_row = lud_smem;                           // BLOCK_SIZE x blockDim.x
    float* peri_col = lud_smem + BLOCK_SIZE * blockDim.x;  // bdy x BLOCK_SIZE

    int i;
    float sum;

    int global_row_id = offset + BLOCK_SIZE + blockIdx.y * bdy;
    int global_col_id = offset + BLOCK_SIZE + blockIdx.x * blockDim.x;
    const int row = global_row_id + ty;
    const int col = global_col_id + tx;

    for (i = ty; i < BLOCK_SIZE; i += bdy)
        peri_row[i * blockDim.x + tx] = col < matrix_dim ? m[(offset + i) * matrix_dim + col] : 0.0f;
    for (i = tx; i < BLOCK_SIZE; i += blockDim.x)
        peri_col[ty * BLOCK_SIZE + i] = row < matrix_dim ? m[row * matrix_dim + offset + i] : 0.0f;

    __syncthreads();

    if (row < matrix_dim && col < matrix_dim) {
        sum = 0;
        for (i = 0; i < BLOCK_SIZE; i++) sum += peri_col[ty * BLOCK_SIZE + i] * peri_row[i * blockDim.x + tx];
        m[row * matrix_dim + col] -= sum;
    }
}
