// Outer product of two float32 vectors, out[r][c] = u[r] * v[c] (blind check set 4: kept out
// of every fit, see fixtures/hopper/blind4/README.md). Store-bound: one 4 B store per thread
// against two loads that hit cache (u[r] is one address per warp row, v[c] a contiguous run
// re-read by every row). x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void outer_product(const float* __restrict__ u, const float* __restrict__ v,
                                         float* __restrict__ out, int rows, int cols) {
    const int c = ga_col();
    const int r = ga_row();
    if (r < rows && c < cols) {
        out[(size_t)r * cols + c] = u[r] * v[c];
    }
}
