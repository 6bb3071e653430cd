// Luma of an interleaved RGB float32 image, out[r][c] = 0.25 R + 0.5 G + 0.25 B (blind check
// set 4: kept out of every fit, see fixtures/hopper/blind4/README.md). Pixels are stored as
// R, G, B triples, so each of a thread's three loads steps 12 B along x (a warp's load spans
// 384 B, a third of each sector used per load, the rest by the other two loads); the store is
// one contiguous float per thread. The weights are powers of two, exact for integer inputs.
// x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void rgb_to_gray(const float* __restrict__ rgb, float* __restrict__ out,
                                       int rows, int cols) {
    const int c = ga_col();
    const int r = ga_row();
    if (r < rows && c < cols) {
        const size_t p = (size_t)r * cols + c;
        out[p] = 0.25f * rgb[3 * p] + 0.5f * rgb[3 * p + 1] + 0.25f * rgb[3 * p + 2];
    }
}
