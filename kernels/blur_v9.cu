// Vertical 9-tap box blur of a float32 image, out[r][c] = sum of in[r+k][c] for k in -4..4
// with rows outside the image skipped (blind check set 4: kept out of every fit, see
// fixtures/hopper/blind4/README.md). Each input element is read by the 9 threads of its column
// above and below it: reuse runs along y only. Integer inputs keep the sum exact.
// x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void blur_v9(const float* __restrict__ in, float* __restrict__ out,
                                   int rows, int cols) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    float sum = 0.0f;
    for (int k = -4; k <= 4; ++k) {
        const int rr = r + k;
        if (rr >= 0 && rr < rows) {
            sum += in[(size_t)rr * cols + c];
        }
    }
    out[(size_t)r * cols + c] = sum;
}
