// out = a * x + b * y on float64 images (blind check set 4: kept out of every fit, see
// fixtures/hopper/blind4/README.md). Streaming with 8 B elements: a warp's load is 256 B, two
// 128 B lines. x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void axpby_f64(const double* __restrict__ x, const double* __restrict__ y,
                                     double* __restrict__ out, double a, double b, int rows,
                                     int cols) {
    const int c = ga_col();
    const int r = ga_row();
    if (r < rows && c < cols) {
        const size_t p = (size_t)r * cols + c;
        out[p] = a * x[p] + b * y[p];
    }
}
