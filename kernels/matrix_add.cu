// Matrix addition C = A + B (Torres et al., 000 §V and 001 §V.A.3).
// One thread per element; threads of a warp read consecutive elements of a row, so the
// access is coalesced when the block has at least 32 columns. No element is reused.
#include "common.cuh"

extern "C" __global__ void matrix_add(const int* __restrict__ A, const int* __restrict__ B,
                                      int* __restrict__ C, int rows, int cols) {
    const int col = ga_col();
    const int row = ga_row();
    if (row < rows && col < cols) {
        const size_t i = (size_t)row * cols + col;
        C[i] = A[i] + B[i];
    }
}
