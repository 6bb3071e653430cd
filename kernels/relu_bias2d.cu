// Bias add and ReLU on a float32 activation matrix, out[r][c] = max(in[r][c] + bias[c], 0)
// (blind check set 5: kept out of every fit, see fixtures/hopper/blind5/README.md). One
// contiguous load and one contiguous store per thread; bias[c] is a short vector every row
// re-reads (cache hits). Integer inputs keep the result exact. x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void relu_bias2d(const float* __restrict__ in, const float* __restrict__ bias,
                                       float* __restrict__ out, int rows, int cols) {
    const int c = ga_col();
    const int r = ga_row();
    if (r < rows && c < cols) {
        const size_t p = (size_t)r * cols + c;
        out[p] = fmaxf(in[p] + bias[c], 0.0f);
    }
}
