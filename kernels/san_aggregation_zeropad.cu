// SAN's aggregation_zeropad_forward_kernel (hszhao/SAN, lib/sa/functions/aggregation_zeropad.py,
// a CuPy kernel launched by AggregationZeropad.forward in the same file behind
// lib.sa.functional.aggregation with pad_mode 0: the aggregation step of the pairwise and
// patchwise self-attention networks of "Exploring Self-attention for Image Recognition", each
// output value the sum over its kernel_h x kernel_w window of the input times a per-position
// attention weight shared by the channels c, c + weight_channels, ...) (blind check set 93:
// written after calibration, never fitted on). As in the source: a grid-stride loop over the
// output's N C H W values (CUDA_KERNEL_LOOP), index split into (n, c, h, w), for each kernel
// tap (kh, kw) h_in = h stride_h - pad_h + kh dilation_h and w_in likewise, taps inside the
// input adding weight[n][c % weight_channels][kh kernel_w + kw][h top_width + w] times
// input[n][c][h_in][w_in] to the value, stored at top[index]; the host's CUDA_NUM_THREADS =
// 1,024 threads on cdiv(n, 1024) blocks (the loop run once). Departures: the block the
// sweep's, any shape (linearized); the template's substituted sizes as scalar arguments; the
// offsets in 64 bits. Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: sums of products of whole numbers far below 2^24.
// 1-D, no shared memory: each thread a loop over the window's taps, per tap a 4 B input
// gather (a warp's lanes on consecutive columns stride_w * 4 B apart) and a 4 B weight load
// (a warp's 128 B contiguous), then a 4 B store (a warp's 128 B contiguous).
#include "common.cuh"

extern "C" __global__ void san_aggregation_zeropad(
    const float* bottom_data, const float* weight_data, float* top_data, int nthreads,
    int input_channels, int weight_channels, int bottom_height, int bottom_width,
    int top_height, int top_width, int kernel_h, int kernel_w, int stride_h, int stride_w,
    int dilation_h, int dilation_w, int pad_h, int pad_w) {
    const long long step = (long long)gridDim.x * ga_nthreads();
    const long long tplane = (long long)top_height * top_width;
    for (long long index = ga_linear(); index < nthreads; index += step) {
        const long long n = index / input_channels / tplane;
        const int c = (int)((index / tplane) % input_channels);
        const int h = (int)((index / top_width) % top_height);
        const int w = (int)(index % top_width);
        const float* in = bottom_data + (n * input_channels + c) * bottom_height * bottom_width;
        const float* wt = weight_data +
                          (n * weight_channels + c % weight_channels) * kernel_h * kernel_w *
                              tplane +
                          (long long)h * top_width + w;
        float value = 0.0f;
        for (int kh = 0; kh < kernel_h; ++kh) {
            const int h_in = h * stride_h - pad_h + kh * dilation_h;
            for (int kw = 0; kw < kernel_w; ++kw) {
                const int w_in = w * stride_w - pad_w + kw * dilation_w;
                if (h_in >= 0 && h_in < bottom_height && w_in >= 0 && w_in < bottom_width)
                    value += wt[(long long)(kh * kernel_w + kw) * tplane] *
                             in[(long long)h_in * bottom_width + w_in];
            }
        }
        top_data[index] = value;
    }
}
