// 2x nearest-neighbour upsampling of a float32 image, out[r][c] = in[r / 2][c / 2], one
// thread per output pixel (blind check set 5: kept out of every fit, see
// fixtures/hopper/blind5/README.md). A warp's load covers half as many input columns as it
// has threads (each value read by two neighbouring threads and again by the next output row);
// its store is contiguous, four times the bytes loaded. x -> output column, y*z -> output
// row; the output is (2 ROWS) x (2 COLS).
#include "common.cuh"

extern "C" __global__ void upsample_nearest2x(const float* __restrict__ in, float* __restrict__ out,
                                              int rows, int cols) {
    const int c = ga_col();
    const int r = ga_row();
    if (r < 2 * rows && c < 2 * cols) {
        out[(size_t)r * (2 * cols) + c] = in[(size_t)(r >> 1) * cols + (c >> 1)];
    }
}
