// Transposed matrix-vector product y = A^T x with one thread per COLUMN of A (issue 11
// calibration set). Calibrates coalesced 1-D loads with a long per-thread loop: at each step
// a warp reads 32 consecutive elements of one row of A, and x[i] is the same for every
// thread (a broadcast). A is rows x cols, row-major. 1-D: the block is linearized, thread t
// of the grid computes y[t].
#include "common.cuh"

extern "C" __global__ void gemv_cols(const float* __restrict__ A, const float* __restrict__ x,
                                     float* __restrict__ y, int rows, int cols) {
    const long long j = ga_linear();
    if (j < cols) {
        float acc = 0.0f;
        for (int i = 0; i < rows; ++i) {
            acc += A[(size_t)i * cols + j] * x[i];
        }
        y[j] = acc;
    }
}
