// Matrix addition with threadIdx.x walking the ROWS of row-major matrices (blind check set:
// kept out of every fit, see fixtures/hopper/blind/README.md). The mapping a user gets by
// writing i = blockIdx.x * blockDim.x + threadIdx.x as the row: a warp's x threads touch
// elements COLS apart (one sector each) and only y moves along a row, so narrow, tall blocks
// coalesce. x -> row, y*z -> column.
#include "common.cuh"

extern "C" __global__ void add_xrows(const float* __restrict__ A, const float* __restrict__ B,
                                     float* __restrict__ C, int rows, int cols) {
    const int r = blockIdx.x * blockDim.x + threadIdx.x;
    const int c = ga_row();
    if (r < rows && c < cols) {
        const size_t i = (size_t)r * cols + c;
        C[i] = A[i] + B[i];
    }
}
