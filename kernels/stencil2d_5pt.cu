// 5-point 2-D stencil, one Jacobi step (issue 11 calibration set). Calibrates a coalesced
// kernel with neighbour reuse: each input element is read by five threads (its own, the left
// and right neighbours in the same warp, the rows above and below through L1/L2).
// x -> column, y*z -> row. out = 0.5 * centre + 0.125 * (north + south + west + east) inside;
// the border is copied. The weights are powers of two, so integer inputs give exact results.
#include "common.cuh"

extern "C" __global__ void stencil2d_5pt(const float* __restrict__ in, float* __restrict__ out,
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
    out[i] = 0.5f * in[i] + 0.125f * (in[i - cols] + in[i + cols] + in[i - 1] + in[i + 1]);
}
