// A depthwise 3 x 3 convolution's forward, PyTorch's conv_depthwise2d_forward_kernel
// (aten/src/ATen/native/cuda/DepthwiseConv2d.cu: what nn.Conv2d with groups = channels runs
// when cuDNN is not used, the depthwise layers of MobileNet and EfficientNet), one output
// element per thread (blind check set 34: written after calibration, never fitted on; its
// sweeps go to fixtures/hopper/blind34/ once recorded). Output element (n, c, h, w) of the
// N x C x OH x OW output: bias[c] plus the sum over the 3 x 3 window of weight[c, kh, kw]
// input[n, c / multiplier, h stride - pad + kh dilation, w stride - pad + kw dilation], taps
// off the image skipped. As in ATen: CUDA_KERNEL_LOOP_TYPE's grid-stride loop with a 32-bit
// index_t, n, c, h and w by divisions and multiply-subtracts (indtmp1, indtmp2), the
// depthwiseMultiplier test, weightOffset walking the c-th 3 x 3 filter, the KSize = 3
// template's compile-time KW_LIMIT and KH_LIMIT (the loops unrolled), the bounds test per tap,
// float accumulation (accscalar_t of float) in kh, kw order. Departures: the
// PackedTensorAccessor32 arguments are plain pointers (contiguous NCHW); ATen launches
// GET_BLOCKS(n) blocks of its fixed block size (here cdiv(n, threads) blocks of any shape:
// one trip of the loop). Written from memory of ATen's kernel. Per thread: three 32-bit
// divisions, a 4 B bias load (the same for the OH OW elements of a channel), nine 4 B input
// loads (contiguous across the warp's consecutive w, each input row read by three output
// rows: L1 hits) and nine 4 B weight loads (broadcast), nine FMAs, one contiguous 4 B store.
// float32; integer data give exact results. 1-D: the block is linearized.
#include "common.cuh"

#define DW_KSIZE 3

extern "C" __global__ void torch_depthwise_conv2d(
    const float* __restrict__ input, float* __restrict__ output,
    const float* __restrict__ weight, const float* __restrict__ bias, int biasEnabled,
    int totalElements, const int outputChannels, const int depthwiseMultiplier,
    const int inputWidth, const int inputHeight, const int outputWidth, const int outputHeight,
    const int kernelWidth, const int kernelHeight, const int strideWidth,
    const int strideHeight, const int padWidth, const int padHeight, const int dilationWidth,
    const int dilationHeight) {
    const int KW_LIMIT = (DW_KSIZE != 0) ? DW_KSIZE : kernelWidth;
    const int KH_LIMIT = (DW_KSIZE != 0) ? DW_KSIZE : kernelHeight;

    for (int linearIndex = (int)ga_linear(); linearIndex < totalElements;
         linearIndex += gridDim.x * ga_nthreads()) {
        // calculate n,c,h,w indices, replacing modulos by divide and multiply add
        int indtmp1 = linearIndex / outputWidth;
        const int w = linearIndex - indtmp1 * outputWidth;
        int indtmp2 = indtmp1 / outputHeight;
        const int h = indtmp1 - indtmp2 * outputHeight;
        indtmp1 = indtmp2;
        indtmp2 = indtmp1 / outputChannels;
        const int c = indtmp1 - indtmp2 * outputChannels;
        const int n = indtmp2;

        int inputChannel = c;
        int inputChannels = outputChannels;
        if (depthwiseMultiplier != 1) {
            inputChannel /= depthwiseMultiplier;
            inputChannels /= depthwiseMultiplier;
        }

        int weightOffset = c * kernelHeight * kernelWidth;

        float value = biasEnabled ? bias[c] : 0.0f;
        const int offset0 = (n * inputChannels + inputChannel) * inputHeight * inputWidth;
#pragma unroll
        for (int kH = 0; kH < KH_LIMIT; ++kH) {
#pragma unroll
            for (int kW = 0; kW < KW_LIMIT; ++kW) {
                const int h_in = -padHeight + h * strideHeight + kH * dilationHeight;
                const int w_in = -padWidth + w * strideWidth + kW * dilationWidth;

                if ((h_in >= 0) && (h_in < inputHeight) && (w_in >= 0) && (w_in < inputWidth)) {
                    const int offset = offset0 + h_in * inputWidth + w_in;
                    value += weight[weightOffset] * input[offset];
                }
                ++weightOffset;
            }
        }
        output[linearIndex] = value;
    }
}
