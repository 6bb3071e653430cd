// Sobel edge magnitude on a 2-D image (blind check set: kept out of every fit, see
// fixtures/hopper/blind/README.md). out = |gx| + |gy| inside (the L1 norm keeps integer
// inputs exact), 0 on the border; gx, gy are the 3 x 3 Sobel gradients. Eight loads from three
// input rows per output, coalesced along x. x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void sobel(const float* __restrict__ in, float* __restrict__ out, int rows,
                                 int cols) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    const size_t i = (size_t)r * cols + c;
    if (r == 0 || c == 0 || r == rows - 1 || c == cols - 1) {
        out[i] = 0.0f;
        return;
    }
    const float nw = in[i - cols - 1], n = in[i - cols], ne = in[i - cols + 1];
    const float w = in[i - 1], e = in[i + 1];
    const float sw = in[i + cols - 1], s = in[i + cols], se = in[i + cols + 1];
    const float gx = (ne + 2.0f * e + se) - (nw + 2.0f * w + sw);
    const float gy = (sw + 2.0f * s + se) - (nw + 2.0f * n + ne);
    out[i] = fabsf(gx) + fabsf(gy);
}
