// CortexTheseus's kernel_conv2d_no_shared (CortexFoundation/CortexTheseus, src/cvm/cuda_ops.cu,
// launched by cuda_conv2d in the same file when the shared-memory tile does not fit: the
// int32 convolution of the Cortex Virtual Machine's deterministic on-chain inference of
// quantized CNNs) (blind check set 90: written after calibration, never fitted on). As in
// Cortex: gy = threadIdx.y + blockIdx.y blockDim.y over the (image, output channel, output
// row) triples (oh = gy % o_h, oc = gy / o_h % o_c, n = gy / (o_h o_c)), gx the output column;
// where gy < o_n o_c o_h and gx < o_w, sum over the input channels and the f_h x f_w taps of
// input[n, ic, oh stride_h + fy dilation_h - padding_h, gx stride_w + fx dilation_h -
// padding_w] (0 outside the image; the source's dilation_h on the columns kept) times
// filter[oc, ic, fy, fx], output[gy o_w + gx] = sum + bias[oc]; the host's 16 x 16 threads on
// cdiv(o_w, 16) x o_n o_c cdiv(o_h, 16) blocks. Departures: the block the sweep's, any shape
// (z folded into the rows); the grid's y cdiv(o_n o_c o_h, by*bz) (the source's
// o_n o_c cdiv(o_h, 16) block rows cover that and more, the extra rows idle); the bias always
// given; groups unused (as in the source). Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: int32 sums far inside
// range. 2-D, no shared memory: x the output column (a warp's 4 B input loads 128 B
// contiguous at stride 1, its filter loads one broadcast), y*z the (image, channel, row),
// each thread looping over i_c f_h f_w taps.
#include "common.cuh"

extern "C" __global__ void cvm_conv2d(const int* input, int i_c, int i_h, int i_w,
                                      const int* filter, int f_h, int f_w, const int* bias,
                                      int padding_h, int padding_w, int stride_h,
                                      int stride_w, int dilation_h, int* output, int o_n,
                                      int o_c, int o_h, int o_w) {
    const int gy = ga_row();
    const int gx = ga_col();
    const int oh = gy % o_h;
    const int oc = gy / o_h % o_c;
    const int img = gy / (o_h * o_c);
    if (gy < o_n * o_c * o_h && gx < o_w) {
        int sum = 0;
        for (int ic = 0; ic < i_c; ++ic) {
            for (int fy = 0; fy < f_h; ++fy) {
                for (int fx = 0; fx < f_w; ++fx) {
                    const int ih = oh * stride_h + fy * dilation_h - padding_h;
                    const int iw = gx * stride_w + fx * dilation_h - padding_w;
                    int v = 0;
                    if (ih >= 0 && iw >= 0 && ih < i_h && iw < i_w)
                        v = input[(((long long)img * i_c + ic) * i_h + ih) * i_w + iw];
                    sum += v * filter[((oc * i_c + ic) * f_h + fy) * f_w + fx];
                }
            }
        }
        output[(long long)gy * o_w + gx] = sum + bias[oc];
    }
}
