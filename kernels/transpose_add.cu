// C = A + B^T for square N x N matrices (blind check set 2: kept out of every fit, see
// fixtures/hopper/blind/README.md). A and C are read and written along x (coalesced); B is
// read down a column, so its loads are N elements apart along x and contiguous along y: the
// two loads want opposite block shapes. x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void transpose_add(const float* __restrict__ A, const float* __restrict__ B,
                                         float* __restrict__ C, int n) {
    const int c = ga_col();
    const int r = ga_row();
    if (r < n && c < n) {
        C[(size_t)r * n + c] = A[(size_t)r * n + c] + B[(size_t)c * n + r];
    }
}
