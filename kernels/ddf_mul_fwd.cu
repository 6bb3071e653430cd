// DDF's DDFForward<float> for ddf_mul (theFoxofSky/ddfnet, ddf/src/cuda/ddf_mul_cuda_kernel.cu,
// launched by DDFMulForwardLauncher in the same file behind the DDF module's multiplicative
// combination: the decoupled dynamic filter of DDFNet, each output pixel its channel's K x K
// window weighted by the product of a per-pixel spatial filter and a per-channel channel
// filter) (blind check set 105: written after calibration, never fitted on). As in DDF: n =
// blockIdx.x, the block's pixels from blockIdx.y, FORWARD_THREADS_PER_PIXEL threads a pixel
// (pixel_id, split_id); the pixel's K K spatial-filter taps staged in shared memory by its
// threads (c = split_id, every 32nd), a barrier; each thread walking the channels c = split_id,
// c + 32, ...: over the window rows iy and columns ix from (ph, pw) stride - (K - 1) / 2
// dilation in steps of the dilation, skipping those outside the input, input = bottom[n][c][iy]
// [ix] spatial[filter_c] channel_filter[n][c][filter_c] summed with the Kahan-Babuska-Neumaier
// compensation, top[n][c][ph][pw] = sum + lost; the host's THREADS_PER_BLOCK = 1024 threads (32
// pixels of 32) on batch x cdiv(TH TW 32, 1024) blocks. Departures: the block any shape (x the
// split of the channels, the source's 32 threads a pixel; y*z the pixel within the block, z
// folded in; the shared taps K K by*bz floats of dynamic shared memory, the source's static
// 6,144); every thread reaching the barrier (the source's threads past the last pixel return
// before it); float only (double and half also dispatched). Reimplemented from the published
// source (its indexing, arithmetic and control flow; none of its text). Exact: whole-number
// products and sums far below 2^24, so the compensation stays 0. 2-D, shared memory, a
// per-block work split, x NOT the contiguous dimension: a warp's lanes are channels of one
// pixel, TH TW * 4 B apart; per tap a 4 B input gather, a shared read (a broadcast) and a 4 B
// channel-filter load (K K * 4 B apart), one 4 B store a channel.
#include "common.cuh"

extern "C" __global__ void ddf_mul_fwd(const float* bottom_data, const float* channel_filter,
                                       const float* spatial_filter, int kernel_size,
                                       int dilation, int stride, int channels,
                                       int bottom_height, int bottom_width, int top_height,
                                       int top_width, float* top_data) {
    extern __shared__ float ddf_taps[];
    const int per_pixel = blockDim.x;
    const int pixels = ga_block_rows();
    const int pixel_id = ga_row_in_block();
    const int split_id = threadIdx.x;
    const long long n = blockIdx.x;
    const int index = blockIdx.y * pixels + pixel_id;
    const bool valid = index < top_height * top_width;
    const int pw = index % top_width;
    const int ph = index / top_width;
    const int kk = kernel_size * kernel_size;
    const int reach = (kernel_size - 1) / 2 * dilation;
    const int start_w = pw * stride - reach;
    const int end_w = pw * stride + reach + 1;
    const int start_h = ph * stride - reach;
    const int end_h = ph * stride + reach + 1;
    const long long plane = (long long)top_height * top_width;
    if (valid) {
        for (int c = split_id; c < kk; c += per_pixel) {
            ddf_taps[c * pixels + pixel_id] = spatial_filter[(n * kk + c) * plane + index];
        }
    }
    __syncthreads();
    if (!valid) return;
    for (int c = split_id; c < channels; c += per_pixel) {
        float out = 0.0f;
        float lost = 0.0f;
        const long long nc = n * channels + c;
        for (int iy = start_h; iy < end_h; iy += dilation) {
            for (int ix = start_w; ix < end_w; ix += dilation) {
                if (iy < 0 || iy > bottom_height - 1 || ix < 0 || ix > bottom_width - 1) continue;
                const int filter_c = (iy - start_h) / dilation * kernel_size
                                     + (ix - start_w) / dilation;
                const float input =
                    bottom_data[(nc * bottom_height + iy) * bottom_width + ix]
                    * ddf_taps[filter_c * pixels + pixel_id] * channel_filter[nc * kk + filter_c];
                const float t = out + input;
                lost += fabsf(out) >= fabsf(input) ? (out - t) + input : (input - t) + out;
                out = t;
            }
        }
        top_data[nc * plane + index] = out + lost;
    }
}
