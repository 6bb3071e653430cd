// Regularly scattered access (Torres et al., 001 §V.B.1): thread (row, col) touches one
// element per transfer segment, M[row][col * stride] with stride = 32 elements (128 bytes),
// so every thread of a warp requests a different segment. The element is modified in place
// (M |= 1, idempotent, so repeated timing launches leave the same result) to reuse the
// segment for the store. M has rows x (cols * stride) elements.
#include "common.cuh"

extern "C" __global__ void scattered(int* __restrict__ M, int rows, int cols, int stride) {
    const int col = ga_col();
    const int row = ga_row();
    if (row < rows && col < cols) {
        const size_t i = (size_t)row * cols * stride + (size_t)col * stride;
        M[i] = M[i] | 1;
    }
}
