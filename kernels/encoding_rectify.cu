// PyTorch-Encoding's rectified convolution border correction, conv_rectify_cuda_frame<float,
// float> (zhanghang1989/PyTorch-Encoding, encoding/lib/gpu/rectify_cuda.cu, behind
// conv_rectify_cuda_tempalte and CONV_RECTIFY_CUDA in the same file: encoding.nn.RFConv2d,
// ResNeSt's rectified split-attention convolutions, each output pixel rescaled in place by the
// kernel's size over the number of taps that fell inside the image) (blind check set 74:
// written after calibration, never fitted on). As in PyTorch-Encoding: a grid-stride loop over
// the outputs, pw = index % pooled_width, ph = index / pooled_width % pooled_height, hstart =
// ph stride_h - pad_h, hend = min(hstart + kernel_h, height + pad_h) (the same along w), pool_size
// = ((kernel_h - 1) / dilation_h + 1) ((kernel_w - 1) / dilation_w + 1), the window clipped to
// the image, hcount = (hend - hstart - 1) / dilation_h + 1 (w alike), mul_factor 1 / (hcount
// wcount) when averaging else pool_size / (hcount wcount), top_data[index] *= mul_factor; the
// host's min(maxThreadsPerBlock, 1024) threads on cdiv(count, threads) blocks. Departures: the
// block the sweep's, any shape (linearized; the grid-stride loop kept, one pass); the bool
// average_mode an int. Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: whole-number outputs times pool_size / count (9 / 4,
// 9 / 6 ... dyadic for a 3 x 3 kernel; one division and one product, nothing to contract).
// 1-D: one thread an output value, in place.
#include "common.cuh"

extern "C" __global__ void encoding_rectify(int nthreads, int num, int channels, int height,
                                            int width, int pooled_height, int pooled_width,
                                            int kernel_h, int kernel_w, int stride_h,
                                            int stride_w, int pad_h, int pad_w, int dilation_h,
                                            int dilation_w, float* __restrict__ top_data,
                                            int average_mode) {
    const long long stride = (long long)gridDim.x * ga_nthreads();
    for (long long index = ga_linear(); index < nthreads; index += stride) {
        const int pw = (int)(index % pooled_width);
        const int ph = (int)((index / pooled_width) % pooled_height);
        int hstart = ph * stride_h - pad_h;
        int wstart = pw * stride_w - pad_w;
        int hend = min(hstart + kernel_h, height + pad_h);
        int wend = min(wstart + kernel_w, width + pad_w);
        const int pool_size =
            ((kernel_h - 1) / dilation_h + 1) * ((kernel_w - 1) / dilation_w + 1);
        hstart = max(hstart, 0);
        wstart = max(wstart, 0);
        hend = min(hend, height);
        wend = min(wend, width);
        const int hcount = ((hend - hstart) - 1) / dilation_h + 1;
        const int wcount = ((wend - wstart) - 1) / dilation_w + 1;
        float mul_factor;
        if (average_mode) {
            mul_factor = 1.0f / (float)(hcount * wcount);
        } else {
            mul_factor = 1.0f * (float)pool_size / (float)(hcount * wcount);
        }
        top_data[index] = top_data[index] * mul_factor;
    }
}
