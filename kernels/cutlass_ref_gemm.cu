// The general matrix product of CUTLASS's device-side reference GEMM (NVIDIA/cutlass,
// tools/util/include/cutlass/util/reference/device/kernel/gemm.h: kernel::Gemm, with the
// thread-level thread::Gemm of reference/device/thread/gemm.h: what CUTLASS's unit tests and
// profiler check every tuned GEMM against), instantiated for float A, B, C, D, float
// accumulators and scalars, RowMajor layouts and OutputTile MatrixShape<4, 4> (as
// reference::device::compute_gemm launches it), each thread a 4 x 4 tile of D (blind check set
// 30: written after calibration, never fitted on; its sweeps go to fixtures/hopper/blind30/
// once recorded). As in CUTLASS, x is the tile's row: thread (x, y) owns rows 4x..4x+3 and
// columns 4y..4y+3, and for each k fetches the 4 A values of its rows (A_tile, only rows below
// m: the others keep their last value and are never stored), the 4 B values of its columns
// (B_tile) and does 16 FMAs; the epilogue stores D = alpha accum + beta C where inside the
// problem. A is m x k, B k x n, C and D m x n, all row-major with leading dimensions (CUTLASS's
// TensorRef as a pointer and a stride; GemmCoord and MatrixCoord as ints). With row-major A and
// D, neighbouring lanes read A 4 lda floats apart (a sector each, reused over the next k
// through L1) and store D 4 ldd floats apart; the lanes of one y read the same B words (a
// broadcast). No shared memory. float32: integer data and dyadic alpha, beta keep every sum
// exact. x -> a tile of 4 rows (the strided dimension), y*z -> a tile of 4 columns.
#include "common.cuh"

#define CUTLASS_TILE_ROW 4     // OutputTile::kRow
#define CUTLASS_TILE_COLUMN 4  // OutputTile::kColumn

extern "C" __global__ void cutlass_ref_gemm(int m, int n, int k, float alpha,
                                            const float* __restrict__ tensor_a, int lda,
                                            const float* __restrict__ tensor_b, int ldb,
                                            float beta, const float* __restrict__ tensor_c,
                                            int ldc, float* __restrict__ tensor_d, int ldd) {
    // Map each thread to a unique tile of the output matrix
    const int out_row = (threadIdx.x + blockIdx.x * blockDim.x) * CUTLASS_TILE_ROW;
    const int out_column = ga_row() * CUTLASS_TILE_COLUMN;  // threadIdx.y + blockIdx.y *
                                                             // blockDim.y, z folded in

    // thread::Gemm's constructor: clear fetch registers and accumulators
    float A_tile[CUTLASS_TILE_COLUMN];
    float B_tile[CUTLASS_TILE_ROW];
    float accum[CUTLASS_TILE_COLUMN][CUTLASS_TILE_ROW];
    for (int i = 0; i < CUTLASS_TILE_COLUMN; ++i) A_tile[i] = 0.0f;
    for (int j = 0; j < CUTLASS_TILE_COLUMN; ++j) B_tile[j] = 0.0f;
#pragma unroll
    for (int j = 0; j < CUTLASS_TILE_COLUMN; ++j) {
#pragma unroll
        for (int i = 0; i < CUTLASS_TILE_ROW; ++i) accum[j][i] = 0.0f;
    }

    // multiply_add: loop over the GEMM K dimension
#pragma unroll 1
    for (int kk = 0; kk < k; ++kk) {
        // Fetch a slice of the A matrix
#pragma unroll
        for (int i = 0; i < CUTLASS_TILE_COLUMN; ++i) {
            if (out_row + i < m) A_tile[i] = tensor_a[(long long)(out_row + i) * lda + kk];
        }
        // Fetch a slice of the B matrix
#pragma unroll
        for (int j = 0; j < CUTLASS_TILE_ROW; ++j) {
            if (out_column + j < n) B_tile[j] = tensor_b[(long long)kk * ldb + out_column + j];
        }
        // Compute an accumulated matrix product
#pragma unroll
        for (int j = 0; j < CUTLASS_TILE_ROW; ++j) {
#pragma unroll
            for (int i = 0; i < CUTLASS_TILE_COLUMN; ++i) {
                accum[j][i] = A_tile[i] * B_tile[j] + accum[j][i];  // multiply_add<float>
            }
        }
    }

    // epilogue: update the output tensor
    for (int j = 0; j < CUTLASS_TILE_ROW; ++j) {
        for (int i = 0; i < CUTLASS_TILE_COLUMN; ++i) {
            const int row = out_row + i, column = out_column + j;
            if (row < m && column < n) {
                tensor_d[(long long)row * ldd + column] =
                    alpha * accum[j][i] + beta * tensor_c[(long long)row * ldc + column];
            }
        }
    }
}
