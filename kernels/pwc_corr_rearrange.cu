// pytorch-pwc's kernel_Correlation_rearrange (sniklaus/pytorch-pwc, correlation/correlation.py,
// a CuPy kernel launched twice by FunctionCorrelation.forward in the same file, once for each
// feature map, before kernel_Correlation_updateOutput: PWC-Net's cost-volume layer first turns
// each NCHW feature map into a zero-bordered channels-last copy, H + 8 by W + 8 pixels of C
// channels, so that the correlation reads a pixel's channels contiguously) (blind check set 93:
// written after calibration, never fitted on). As in the source: the pixel index from
// blockIdx.x blockDim.x + threadIdx.x, nothing at or past n = H W, the channel from
// blockIdx.y, the batch item from blockIdx.z; the value input[b][c][pixel] read, and stored at
// the padded pixel (y + 4, x + 4) of rbot[b] (row width W + 8) at channel c, the host's 16
// threads on cdiv(H W, 16) x C x B blocks. Departures: the block the sweep's, any shape (x
// the pixel, y*z the channel with z folded in, nothing past the channel count); the source's
// barrier between the load and the store (no shared memory, its threads past n already
// returned) left out; the SIZE_ macros as explicit sizes and row-major 64-bit offsets.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: copies. 2-D, no shared memory, x not the contiguous dimension of the
// output: each thread a 4 B load (a warp's 128 B contiguous) and a 4 B store C * 4 B from its
// x-neighbour's (a warp's 32 lanes in 32 different sectors).
#include "common.cuh"

extern "C" __global__ void pwc_corr_rearrange(int n, const float* input, float* output, int C,
                                              int H, int W) {
    const int pix = ga_col();
    const int c = ga_row();
    const long long b = blockIdx.z;
    if (pix >= n || c >= C) return;
    const float v = input[(b * C + c) * ((long long)H * W) + pix];
    const int py = pix / W + 4;
    const int px = pix % W + 4;
    const long long r = (long long)(W + 8) * py + px;
    output[(b * (H + 8) * (W + 8) + r) * C + c] = v;
}
