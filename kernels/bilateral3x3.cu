// 3 x 3 bilateral filter of a float32 image, clamped borders (blind check set 7: kept out of
// every fit; its sweeps go to fixtures/hopper/blind7/ once recorded), the edge-preserving
// smoothing of denoising pipelines. Each neighbour q of the centre p gets the weight
// exp(-(dx^2 + dy^2) * spatial - (q - p)^2 * range) (spatial = 1 / (2 sigma_s^2), range =
// 1 / (2 sigma_r^2)), and out = sum(w q) / sum(w): nine loads (reused by the neighbouring
// threads through L1), nine expf and a division per pixel, so the arithmetic weighs more
// than the memory traffic. Float rounding: the manifest checks with a tolerance. x -> column,
// y*z -> row.
#include "common.cuh"

extern "C" __global__ void bilateral3x3(const float* __restrict__ in, float* __restrict__ out,
                                        int rows, int cols, float spatial, float range) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    const float centre = in[(size_t)r * cols + c];
    float sum = 0.0f;
    float norm = 0.0f;
    for (int dy = -1; dy <= 1; ++dy) {
        const int rr = min(max(r + dy, 0), rows - 1);
        for (int dx = -1; dx <= 1; ++dx) {
            const int cc = min(max(c + dx, 0), cols - 1);
            const float q = in[(size_t)rr * cols + cc];
            const float d = q - centre;
            const float w = expf(-(float)(dx * dx + dy * dy) * spatial - d * d * range);
            sum += w * q;
            norm += w;
        }
    }
    out[(size_t)r * cols + c] = sum / norm;
}
