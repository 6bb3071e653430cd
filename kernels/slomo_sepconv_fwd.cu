// sepconv-slomo's kernel_Sepconv_updateOutput (sniklaus/sepconv-slomo, sepconv/sepconv.py, a
// CuPy kernel launched by FunctionSepconv.forward in the same file behind ModuleSepconv: the
// adaptive separable convolution of "Video Frame Interpolation via Adaptive Separable
// Convolution", each output pixel of the interpolated frame its own F x F kernel, the outer
// product of a per-pixel vertical and horizontal 1-D kernel, applied to the padded input
// frame) (blind check set 93: written after calibration, never fitted on). As in the source: a
// grid-stride loop over the output's n = N C H W values, the index split into (sample,
// channel, y, x) by the output's sizes, and for every filter row fy and column fx the sum of
// input[sample][channel][y + fy][x + fx] * vertical[sample][fy][y][x] *
// horizontal[sample][fx][y][x], stored at output[index]; the host's 512 threads on cdiv(n,
// 512) blocks (the loop run once). Departures: the block the sweep's, any shape (linearized);
// the SIZE_ and VALUE_ macros as explicit sizes (the input H + F - 1 by W + F - 1, the
// filters F x H x W) and row-major 64-bit offsets. Reimplemented from the published source
// (its indexing, arithmetic and control flow; none of its text). Exact: sums of products of
// three whole numbers far below 2^24. 1-D, no shared memory: each thread F^2 taps, each a
// 4 B input load (a warp's 128 B contiguous, reused across taps and neighbours) and 4 B loads
// of the two filters (a warp's 128 B contiguous each, planes H W * 4 B apart), then a 4 B
// store (128 B contiguous).
#include "common.cuh"

extern "C" __global__ void slomo_sepconv_fwd(int n, const float* input, const float* vertical,
                                             const float* horizontal, float* output, int N,
                                             int C, int H, int W, int F) {
    const long long step = (long long)gridDim.x * ga_nthreads();
    const long long plane = (long long)H * W;
    const int iw = W + F - 1;
    const long long iplane = (long long)(H + F - 1) * iw;
    for (long long idx = ga_linear(); idx < n; idx += step) {
        const long long s = (idx / W / H / C) % N;
        const long long c = (idx / W / H) % C;
        const int y = (int)((idx / W) % H);
        const int x = (int)(idx % W);
        const float* in = input + (s * C + c) * iplane + (long long)y * iw + x;
        const float* ver = vertical + s * F * plane + (long long)y * W + x;
        const float* hor = horizontal + s * F * plane + (long long)y * W + x;
        float acc = 0.0f;
        for (int fy = 0; fy < F; ++fy) {
            for (int fx = 0; fx < F; ++fx) {
                acc += in[(long long)fy * iw + fx] * ver[fy * plane] * hor[fx * plane];
            }
        }
        output[idx] = acc;
    }
}
