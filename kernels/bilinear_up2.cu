// 2x bilinear upsampling of a float32 image (blind check set 3: kept out of every fit, see
// fixtures/hopper/blind3/README.md). Output pixel (r, c) samples the input at
// ((r - 0.5) / 2, (c - 0.5) / 2): four neighbours with weights 3/4 and 1/4 per axis (exact in
// float32 for integer inputs), clamped at the borders. Each input pixel feeds 16 outputs;
// a warp's loads cover half as many input columns as it has threads. x -> output column,
// y*z -> output row.
#include "common.cuh"

extern "C" __global__ void bilinear_up2(const float* __restrict__ in, float* __restrict__ out,
                                        int rows, int cols) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= 2 * rows || c >= 2 * cols) {
        return;
    }
    // Input coordinates: the nearer neighbour gets 3/4, the farther 1/4.
    const int r0 = (r - 1) >> 1, c0 = (c - 1) >> 1;  // floor((r - 1) / 2)
    const float wr1 = (r & 1) ? 0.25f : 0.75f, wc1 = (c & 1) ? 0.25f : 0.75f;
    const int ra = max(r0, 0), rb = min(r0 + 1, rows - 1);
    const int ca = max(c0, 0), cb = min(c0 + 1, cols - 1);
    const float top = (1.0f - wc1) * in[(size_t)ra * cols + ca] + wc1 * in[(size_t)ra * cols + cb];
    const float bot = (1.0f - wc1) * in[(size_t)rb * cols + ca] + wc1 * in[(size_t)rb * cols + cb];
    out[(size_t)r * (2 * cols) + c] = (1.0f - wr1) * top + wr1 * bot;
}
