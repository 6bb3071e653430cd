// Sparse matrix-vector product in ELLPACK format, stored column-major (blind check set 3: kept
// out of every fit, see fixtures/hopper/blind3/README.md): y[row] = sum_k val[k][row] *
// x[col[k][row]] over WIDTH slots per row (padding slots hold column 0 and value 0). The
// value and index loads are coalesced (consecutive rows are adjacent); the x loads gather
// from random columns. One thread per row; 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void spmv_ell(const float* __restrict__ val, const int* __restrict__ col,
                                    const float* __restrict__ x, float* __restrict__ y,
                                    int rows, int width) {
    const long long row = ga_linear();
    if (row >= rows) {
        return;
    }
    float acc = 0.0f;
    for (int k = 0; k < width; ++k) {
        const size_t at = (size_t)k * rows + row;
        acc += val[at] * x[col[at]];
    }
    y[row] = acc;
}
