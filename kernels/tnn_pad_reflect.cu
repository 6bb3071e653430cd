// The reflection padding of a batch of feature maps, TNN's pad_reflect_kernel_v2
// (Tencent/TNN, source/tnn/device/cuda/acc/cuda_pad_v2_layer_acc.cu, behind
// CudaPadV2LayerAcc::Forward: the CUDA backend's PadV2 layer of type 1 (reflect), e.g. the
// ReflectionPad2d(3) before a CycleGAN or pix2pix generator's first 7 x 7 convolution)
// (blind check set 68: written after calibration, never fitted on). As in TNN: CUDA_KERNEL_LOOP
// over the count output values, dst_n, dst_c, dst_d, dst_h and dst_w from the linear index
// (dst_w fastest), each coordinate reflected into the input (dst - pad inside, pad - dst
// before it, pad - 2 - dst + 2 input past it: the edge not repeated), dst[idx] = src[dst_n
// channels input_d input_h input_w + dst_c input_d input_h input_w + d input_h input_w + h
// input_w + w]; the host's TNN_CUDA_GET_BLOCKS(count) blocks of TNN_CUDA_NUM_THREADS (128).
// Departures: the block the sweep's, any shape (linearized; the grid-stride loop kept, one
// pass at cdiv(count, threads) blocks). Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: copies. 1-D: the block is
// linearized.
#include "common.cuh"

extern "C" __global__ void tnn_pad_reflect(const float* __restrict__ src,
                                           float* __restrict__ dst, int count, int channels,
                                           int output_d, int output_h, int output_w,
                                           int input_d, int input_h, int input_w, int pad_d,
                                           int pad_h, int pad_w) {
    const long long stride = (long long)ga_nthreads() * gridDim.x;
    for (long long i = ga_linear(); i < count; i += stride) {
        const int idx = (int)i;
        const int dst_n = idx / (channels * output_d * output_h * output_w);
        const int dst_c = (idx / (output_d * output_h * output_w)) % channels;
        const int dst_d = (idx / (output_h * output_w)) % output_d;
        const int dst_h = (idx / output_w) % output_h;
        const int dst_w = idx % output_w;

        const int d = dst_d >= pad_d
                          ? (dst_d < pad_d + input_d ? dst_d - pad_d
                                                     : pad_d - 2 - dst_d + 2 * input_d)
                          : pad_d - dst_d;
        const int h = dst_h >= pad_h
                          ? (dst_h < pad_h + input_h ? dst_h - pad_h
                                                     : pad_h - 2 - dst_h + 2 * input_h)
                          : pad_h - dst_h;
        const int w = dst_w >= pad_w
                          ? (dst_w < pad_w + input_w ? dst_w - pad_w
                                                     : pad_w - 2 - dst_w + 2 * input_w)
                          : pad_w - dst_w;
        dst[idx] = src[dst_n * channels * input_d * input_h * input_w +
                       dst_c * input_d * input_h * input_w + d * input_h * input_w +
                       h * input_w + w];
    }
}
