// 2 x 2 box downsampling (blind check set: kept out of every fit, see
// fixtures/hopper/blind/README.md). Each output is the mean of a 2 x 2 input block: a warp's
// loads are two elements apart (each load uses half of its sectors; the neighbouring load of
// the pair uses the other half through L1), its stores are contiguous. x -> output column,
// y*z -> output row; the input is (2 ROWS) x (2 COLS).
#include "common.cuh"

extern "C" __global__ void downsample2x(const float* __restrict__ in, float* __restrict__ out,
                                        int rows, int cols) {
    const int c = ga_col();
    const int r = ga_row();
    if (r < rows && c < cols) {
        const size_t top = (size_t)(2 * r) * (2 * cols) + 2 * c;
        const size_t bottom = top + 2 * (size_t)cols;
        out[(size_t)r * cols + c] = 0.25f * (in[top] + in[top + 1] + in[bottom] + in[bottom + 1]);
    }
}
