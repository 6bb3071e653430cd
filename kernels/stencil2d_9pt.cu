// 9-point 2-D stencil (3 x 3 box), one Jacobi step (issue 11 calibration set). Calibrates a
// coalesced kernel with more neighbour reuse than the 5-point one: three input rows per
// output row, each element read by nine threads. x -> column, y*z -> row. Weights: centre
// 1/4, edge neighbours 1/8, corners 1/16 (powers of two: integer inputs give exact results);
// the border is copied.
#include "common.cuh"

extern "C" __global__ void stencil2d_9pt(const float* __restrict__ in, float* __restrict__ out,
                                         int rows, int cols) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    const size_t i = (size_t)r * cols + c;
    if (r == 0 || c == 0 || r == rows - 1 || c == cols - 1) {
        out[i] = in[i];
        return;
    }
    const float* up = in + i - cols;
    const float* mid = in + i;
    const float* down = in + i + cols;
    const float edges = up[0] + down[0] + mid[-1] + mid[1];
    const float corners = up[-1] + up[1] + down[-1] + down[1];
    out[i] = 0.25f * mid[0] + 0.125f * edges + 0.0625f * corners;
}
