// Chainer's max_pool_bwd elementwise kernel (chainer/chainer, chainer/functions/pooling/
// max_pooling_2d.py, MaxPooling2DGrad.forward_gpu, behind F.max_pooling_2d's backward when
// cuDNN is off: the gradient of a max pooling routed back to the input pixels its windows
// chose) (blind check set 96: written after calibration, never fitted on). As in Chainer: i over
// the input's n c h w values; c0 = i / (h w), y = i / w % h + ph, x = i % w + pw (padded
// coordinates); the windows covering the pixel, out_y from max(0, (y - kh + sy) / sy) to
// min(out_h, (y + sy) / sy) and out_x likewise (C divisions); for each, ky = y - out_y sy,
// kx = x - out_x sx, and where indexes[offset] == kx + kw ky (the window's argmax is this pixel)
// gy[offset] is added, offset = out_x + out_w (out_y + out_h c0); gx[i] the sum. Departures:
// the block any shape (linearized, a loop striding by the grid's threads as CuPy's elementwise
// loop does; CuPy's launch configuration not read here: one thread a value); float only.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: sums of whole numbers. 1-D, no shared memory, a per-thread loop: up to
// ceil(kh / sy) ceil(kw / sx) windows a pixel, each a 4 B index load and, where it matches, a
// 4 B gradient load (a warp's lanes on one input row: out_x advancing every sx lanes, the
// loads repeated or 4 B apart), one 4 B store (a warp's 128 B contiguous).
#include "common.cuh"

extern "C" __global__ void chainer_max_pool_bwd(const float* gy, const int* indexes, float* gx,
                                                int n, int h, int w, int out_h, int out_w,
                                                int kh, int kw, int sy, int sx, int ph, int pw) {
    const long long total = (long long)n * h * w;
    const long long stride = (long long)gridDim.x * ga_nthreads();
    for (long long i = ga_linear(); i < total; i += stride) {
        const long long c0 = i / ((long long)h * w);
        const int y = (int)(i / w % h) + ph;
        const int x = (int)(i % w) + pw;
        const int out_y_0 = max(0, (y - kh + sy) / sy);
        const int out_y_1 = min(out_h, (y + sy) / sy);
        const int out_x_0 = max(0, (x - kw + sx) / sx);
        const int out_x_1 = min(out_w, (x + sx) / sx);

        float val = 0;
        for (int out_y = out_y_0; out_y < out_y_1; ++out_y) {
            const int ky = y - out_y * sy;
            for (int out_x = out_x_0; out_x < out_x_1; ++out_x) {
                const int kx = x - out_x * sx;
                const long long offset = out_x + (long long)out_w * (out_y + out_h * c0);
                if (indexes[offset] == kx + kw * ky) val = val + gy[offset];
            }
        }
        gx[i] = val;
    }
}
