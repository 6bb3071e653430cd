// 2-D max pooling with indices, PyTorch's max_pool_forward_nchw
// (aten/src/ATen/native/cuda/DilatedMaxPool2d.cu: F.max_pool2d / nn.MaxPool2d on contiguous
// NCHW tensors, "kernels borrowed from Caffe"), one output element per thread (blind check set
// 35: written after calibration, never fitted on; its sweeps go to fixtures/hopper/blind35/
// once recorded). Output element (n, c, ph, pw): the maximum of the input over its kernel_h x
// kernel_w window (stride, padding and dilation per side, taps off the image skipped) and the
// flat h * width + w index of the first maximum in row-major window order (NaN taken, as
// at::_isnan). As in ATen: CUDA_KERNEL_LOOP's grid-stride loop with an int index, pw, ph, c
// and n by remainders and divisions, hstart / wstart and hend / wend (clipped at the image's
// end), the while loops stepping a negative start up by the dilation, maxval from -infinity
// (accscalar_t float) and maxidx from the window's first tap, the strict greater-than test,
// top_data and the int64 top_mask stored. Departure: ATen launches ceil_div(count,
// num_threads) blocks of min(maxThreadsPerBlock, 256) threads; here cdiv(count, threads)
// blocks of any shape (one trip of the loop). Written from memory of ATen's kernel and checked
// against its public source. Per thread: four 32-bit divisions and remainders, a 3 x 3 window
// of 4 B loads at ResNet's stride 2 (two columns apart across the warp's consecutive pw: half
// of each sector; each input row read by up to two output rows), compares, one contiguous 4 B
// store and one 8 B store. float32 with int64 indices: exact. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void torch_max_pool2d(
    const int nthreads, const float* __restrict__ bottom_data, const int num,
    const int channels, const int height, const int width, const int pooled_height,
    const int pooled_width, const int kernel_h, const int kernel_w, const int stride_h,
    const int stride_w, const int pad_h, const int pad_w, const int dilation_h,
    const int dilation_w, float* __restrict__ top_data, long long* __restrict__ top_mask) {
    for (int index = (int)ga_linear(); index < nthreads;
         index += gridDim.x * ga_nthreads()) {
        int pw = index % pooled_width;
        int ph = (index / pooled_width) % pooled_height;
        int c = (index / pooled_width / pooled_height) % channels;
        int n = index / pooled_width / pooled_height / channels;
        int hstart = ph * stride_h - pad_h;
        int wstart = pw * stride_w - pad_w;
        int hend = min(hstart + (kernel_h - 1) * dilation_h + 1, height);
        int wend = min(wstart + (kernel_w - 1) * dilation_w + 1, width);
        while (hstart < 0) hstart += dilation_h;
        while (wstart < 0) wstart += dilation_w;
        float maxval = -INFINITY;  // at::numeric_limits<accscalar_t>::lower_bound()
        int maxidx = hstart * width + wstart;
        const float* btm_data = bottom_data + (n * channels + c) * height * width;
        for (int h = hstart; h < hend; h += dilation_h) {
            for (int w = wstart; w < wend; w += dilation_w) {
                float val = btm_data[h * width + w];
                if ((val > maxval) || isnan(val)) {
                    maxidx = h * width + w;
                    maxval = val;
                }
            }
        }
        top_data[index] = maxval;
        top_mask[index] = maxidx;
    }
}
