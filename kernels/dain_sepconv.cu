// DAIN's SeparableConvLayer_gpu_forward_kernelfunc (baowenbo/DAIN,
// my_package/SeparableConv/separableconv_cuda_kernel.cu, launched by
// SeparableConvLayer_gpu_forward_kernel in the same file: the separable local convolution of
// DAIN's (Depth-Aware video frame INterpolation) frame synthesis, each output pixel the
// filter_size x filter_size patch of every channel weighted by the pixel's own vertical and
// horizontal 1-D kernels) (blind check set 92: written after calibration, never fitted on).
// As in DAIN: w_i = blockIdx.x blockDim.x + threadIdx.x, h_i = blockIdx.y blockDim.y +
// threadIdx.y, the batch from blockIdx.z; where w_i < w - filter_size + 1 and
// h_i < h - filter_size + 1, for each channel the sum over the patch's rows fy and columns fx
// of input1[b, c, h_i + fy, w_i + fx] input2[b, fy, h_i, w_i] input3[b, fx, h_i, w_i], stored
// at output[b, c, h_i, w_i] (every access through the tensors' b, c and h strides); the host's
// 32 x 16 threads on cdiv(w - filter_size + 1, 32) x cdiv(h - filter_size + 1, 16) x batch
// blocks. Departures: the block the sweep's, any shape (z folded into the rows); float only
// (the source's AT_DISPATCH_FLOATING_TYPES); the unused nElement and w strides dropped;
// offsets in 64 bits past the batch. Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: products and sums of small whole
// numbers far inside float32's 24 bits. 2-D, no shared memory, a per-thread loop: x the
// output column (a warp's 4 B loads 128 B contiguous along each patch row and each filter
// plane, its 4 B stores likewise), y*z the output row, each thread looping over
// channel x filter_size^2 taps.
#include "common.cuh"

extern "C" __global__ void dain_sepconv(int w, int h, int channel, int filter_size,
                                        int input1_b_stride, int input1_c_stride,
                                        int input1_h_stride, int input2_b_stride,
                                        int input2_c_stride, int input2_h_stride,
                                        int input3_b_stride, int input3_c_stride,
                                        int input3_h_stride, int output_b_stride,
                                        int output_c_stride, int output_h_stride,
                                        const float* input1, const float* input2,
                                        const float* input3, float* output) {
    const int w_i = ga_col();
    const int h_i = ga_row();
    const long long b = blockIdx.z;
    if (w_i >= w - filter_size + 1 || h_i >= h - filter_size + 1) return;
    const float* in1 = input1 + b * input1_b_stride;
    const float* vert = input2 + b * input2_b_stride + (long long)h_i * input2_h_stride + w_i;
    const float* horz = input3 + b * input3_b_stride + (long long)h_i * input3_h_stride + w_i;
    for (int c = 0; c < channel; ++c) {
        float acc = 0.0f;
        for (int fy = 0; fy < filter_size; ++fy) {
            const float* row = in1 + (long long)c * input1_c_stride +
                               (long long)(h_i + fy) * input1_h_stride + w_i;
            const float wy = vert[(long long)fy * input2_c_stride];
            for (int fx = 0; fx < filter_size; ++fx) {
                acc += row[fx] * wy * horz[(long long)fx * input3_c_stride];
            }
        }
        output[b * output_b_stride + (long long)c * output_c_stride +
               (long long)h_i * output_h_stride + w_i] = acc;
    }
}
