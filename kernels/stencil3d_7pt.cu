// 7-point 3-D stencil, one Jacobi step (issue 11 calibration set). Calibrates a coalesced
// kernel whose reuse spans planes: the north/south neighbours are one row away, the up/down
// neighbours a whole plane (rows * cols elements) away. The volume is planes x rows x cols,
// row-major. x -> column (the fastest dimension), y*z -> row inside a plane (z folded into
// the rows as in every 2-D kernel), blockIdx.z -> plane (one grid layer per plane, no loop).
// out = 0.25 * centre + 0.125 * (six neighbours) inside; the boundary is copied.
#include "common.cuh"

extern "C" __global__ void stencil3d_7pt(const float* __restrict__ in, float* __restrict__ out,
                                         int planes, int rows, int cols) {
    const int c = ga_col();
    const int r = ga_row();
    const int p = blockIdx.z;
    if (p >= planes || r >= rows || c >= cols) {
        return;
    }
    const size_t plane = (size_t)rows * cols;
    const size_t i = p * plane + (size_t)r * cols + c;
    if (p == 0 || r == 0 || c == 0 || p == planes - 1 || r == rows - 1 || c == cols - 1) {
        out[i] = in[i];
        return;
    }
    const float sum = in[i - 1] + in[i + 1] + in[i - cols] + in[i + cols] + in[i - plane] +
                      in[i + plane];
    out[i] = 0.25f * in[i] + 0.125f * sum;
}
