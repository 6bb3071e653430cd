// involution's involution2d_forward_kernel<float> (d-li14/involution, src/involution2d_cuda.cu,
// launched by involution2d_forward in the same file behind the involution2d op of the
// involution package: the forward pass of involution, RedNet's spatial-specific,
// channel-shared counterpart of convolution, each output pixel a K x K window of its channel
// weighted by a kernel generated for that pixel and shared by the channel's group) (blind
// check set 105: written after calibration, never fitted on). As in involution: a grid-stride
// loop (CUDA_KERNEL_LOOP) over the B C OH OW outputs; w = idx mod OW, h = idx / OW mod OH, c =
// idx / (OW OH) mod C, n = idx / (OW OH C), g = c / (C / groups); value = the sum over kh of
// the rows h_in = h stride_h + kh dilation_h - pad_h inside the input and over kw of the
// columns w_in = w stride_w + kw dilation_w - pad_w inside it of weight[n][g][kh][kw][h][w]
// in[n][c][h_in][w_in]; out[idx] = value; the host's min(maxThreadsPerBlock,
// CUDA_MAX_THREADS_PER_BLOCK) = 1024 threads on cdiv(B C OH OW, 1024) blocks. Departures: the
// block any shape (linearized; the stride of the loop the grid's threads); float only (the
// source dispatches double, half and bfloat16 too); the packed accessors as plain contiguous
// arrays with 64-bit offsets. Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: whole-number inputs and weights keep
// every product and sum far below 2^24. 1-D, no shared memory: per window tap a 4 B weight
// load (a warp's 128 B contiguous along the output row, the taps OH OW * 4 B apart) and a 4 B
// input gather (a warp's row of the input, stride_w * 4 B apart), a 4 B store (128 B).
#include "common.cuh"

extern "C" __global__ void involution_fwd(const float* in_data, const float* weight_data,
                                          float* out_data, long long num_elements,
                                          long long channels, long long groups,
                                          long long in_height, long long in_width,
                                          long long out_height, long long out_width,
                                          long long kernel_height, long long kernel_width,
                                          long long pad_h, long long pad_w, long long stride_h,
                                          long long stride_w, long long dilation_h,
                                          long long dilation_w) {
    const long long step = (long long)gridDim.x * ga_nthreads();
    for (long long idx = ga_linear(); idx < num_elements; idx += step) {
        const long long w = idx % out_width;
        const long long h = (idx / out_width) % out_height;
        const long long plane = out_width * out_height;
        const long long c = (idx / plane) % channels;
        const long long n = idx / (plane * channels);
        const long long g = c / (channels / groups);
        // weight[n][g][kh][kw][h][w], input [n][c][h_in][w_in], both contiguous
        const float* wgt = weight_data + (n * groups + g) * kernel_height * kernel_width * plane
                           + h * out_width + w;
        const float* in = in_data + (n * channels + c) * in_height * in_width;
        float value = 0.0f;
        for (long long kh = 0; kh < kernel_height; ++kh) {
            const long long h_in = h * stride_h + kh * dilation_h - pad_h;
            if (h_in >= 0 && h_in < in_height) {
                for (long long kw = 0; kw < kernel_width; ++kw) {
                    const long long w_in = w * stride_w + kw * dilation_w - pad_w;
                    if (w_in >= 0 && w_in < in_width) {
                        value += wgt[(kh * kernel_width + kw) * plane] * in[h_in * in_width + w_in];
                    }
                }
            }
        }
        out_data[idx] = value;
    }
}
