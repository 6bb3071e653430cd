// 2-D convolution (cross-correlation) with a 5 x 5 filter, zero padding, same-size output
// (issue 11 calibration set). Calibrates a compute-heavier coalesced kernel with wide
// neighbour reuse: 25 loads per output, from five input rows. The filter is a small global
// buffer read by every thread at the same address (a broadcast, cached). x -> column,
// y*z -> row.
#include "common.cuh"

#define GA_RADIUS 2
#define GA_WIDTH (2 * GA_RADIUS + 1)

extern "C" __global__ void conv2d(const float* __restrict__ in, const float* __restrict__ filter,
                                  float* __restrict__ out, int rows, int cols) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    float acc = 0.0f;
    for (int dr = -GA_RADIUS; dr <= GA_RADIUS; ++dr) {
        const int rr = r + dr;
        if (rr < 0 || rr >= rows) {
            continue;
        }
        for (int dc = -GA_RADIUS; dc <= GA_RADIUS; ++dc) {
            const int cc = c + dc;
            if (cc >= 0 && cc < cols) {
                acc += filter[(dr + GA_RADIUS) * GA_WIDTH + dc + GA_RADIUS] *
                       in[(size_t)rr * cols + cc];
            }
        }
    }
    out[(size_t)r * cols + c] = acc;
}
