// Naive matrix transpose out = in^T (issue 11 calibration set). Calibrates a kernel whose
// reads and writes disagree: thread (row, col) reads in[row][col], so a warp's x threads read
// consecutive addresses (coalesced), and writes out[col][row], so the same threads write
// addresses `rows` elements apart (one sector per thread unless the block is tall and thin).
// x -> column of `in`, y*z -> row (common.cuh folds z into the rows).
#include "common.cuh"

extern "C" __global__ void transpose_naive(const float* __restrict__ in, float* __restrict__ out,
                                           int rows, int cols) {
    const int col = ga_col();
    const int row = ga_row();
    if (row < rows && col < cols) {
        out[(size_t)col * rows + row] = in[(size_t)row * cols + col];
    }
}
