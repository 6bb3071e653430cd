// Zero padding of a float32 image by one pixel on every side (blind check set 6: kept out of
// every fit; its sweeps go to fixtures/hopper/blind6/ once recorded). The output is
// (rows + 2) x (cols + 2): out[r][c] = in[r - 1][c - 1] inside and 0 on the one-pixel border,
// the input of a 3 x 3 convolution with "same" padding. One thread per output pixel. A warp's
// load starts one element before a 128 B line (its 128 B span two lines) and the output's rows
// are cols + 2 floats long, so its stores drift 8 B further off the lines every row.
// x -> output column, y*z -> output row.
#include "common.cuh"

extern "C" __global__ void pad_copy2d(const float* __restrict__ in, float* __restrict__ out,
                                      int rows, int cols) {
    const int c = ga_col();
    const int r = ga_row();
    const int out_cols = cols + 2;
    if (r >= rows + 2 || c >= out_cols) {
        return;
    }
    const int ir = r - 1;
    const int ic = c - 1;
    float v = 0.0f;
    if (ir >= 0 && ir < rows && ic >= 0 && ic < cols) {
        v = in[(size_t)ir * cols + ic];
    }
    out[(size_t)r * out_cols + c] = v;
}
