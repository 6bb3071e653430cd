// 17-tap convolution along the rows of a 2-D image (blind check set 2: kept out of every fit,
// see fixtures/hopper/blind/README.md): out[r][c] = sum_k in[r][clamp(c + k - 8)] * w[k]. Each
// input element is read by 17 neighbouring threads of the same row (reuse through L1 along x
// only); the taps are a small global array every lane reads at once (a broadcast).
// x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void conv1d_rows(const float* __restrict__ in, const float* __restrict__ w,
                                       float* __restrict__ out, int rows, int cols) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    const float* row = in + (size_t)r * cols;
    float acc = 0.0f;
    for (int k = 0; k < 17; ++k) {
        int j = c + k - 8;
        j = j < 0 ? 0 : (j >= cols ? cols - 1 : j);
        acc += row[j] * w[k];
    }
    out[(size_t)r * cols + c] = acc;
}
