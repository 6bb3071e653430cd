// Matrix-vector product y = A x with one thread per ROW of A (issue 11 calibration set).
// Calibrates strided 1-D loads: consecutive threads walk consecutive rows, so at each step a
// warp reads 32 elements `cols` apart (one sector each); the rest of each sector is used in
// later iterations only if it stays in L1. A is rows x cols, row-major. 1-D: the block is
// linearized (threads = bx * by * bz), thread t of the grid computes y[t].
#include "common.cuh"

extern "C" __global__ void gemv_rows(const float* __restrict__ A, const float* __restrict__ x,
                                     float* __restrict__ y, int rows, int cols) {
    const long long i = ga_linear();
    if (i < rows) {
        const float* row = A + i * cols;
        float acc = 0.0f;
        for (int j = 0; j < cols; ++j) {
            acc += row[j] * x[j];
        }
        y[i] = acc;
    }
}
