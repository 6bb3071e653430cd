// Sparse matrix-vector product y = A x, A in CSR form, one thread per row (issue 11
// calibration set). Calibrates irregular access: a warp's threads read their rows' nonzeros
// from different places (strided by the row lengths), gather x at random columns, and loop
// a different number of times (row lengths vary), so branches diverge. 1-D: the block is
// linearized, thread t of the grid computes y[t]. row_ptr has rows + 1 entries.
#include "common.cuh"

extern "C" __global__ void spmv_csr(const int* __restrict__ row_ptr, const int* __restrict__ col_idx,
                                    const float* __restrict__ values, const float* __restrict__ x,
                                    float* __restrict__ y, int rows) {
    const long long r = ga_linear();
    if (r < rows) {
        float acc = 0.0f;
        for (int k = row_ptr[r]; k < row_ptr[r + 1]; ++k) {
            acc += values[k] * x[col_idx[k]];
        }
        y[r] = acc;
    }
}
