// FastDeploy's fused normalize-and-permute preprocessing, NormalizeAndPermuteKernel
// (PaddlePaddle/FastDeploy, fastdeploy/vision/common/processors/normalize_and_permute.cu,
// launched by NormalizeAndPermute::ImplByCuda(FDMatBatch*) in the same file: the CUDA
// preprocessing of a batch of HWC frames into the NCHW float input of a detection or
// classification model, (pixel alpha + beta) per channel with an optional BGR -> RGB swap)
// (blind check set 73: written after calibration, never fitted on). As in FastDeploy: idx =
// blockDim.x blockIdx.x + threadIdx.x (a pixel of the batch), out of range (idx >= edge) a
// return, img_size = edge / batch_size, n = idx / img_size, p = idx - n img_size, for each
// channel i (j = 2 - i when swap_rb) dst[n img_size num_channel + i img_size + p] =
// src[num_channel idx + j] alpha[i] + beta[i]; the host's 256 threads on ceil(jobs / 256.0)
// blocks. Departures: the block the sweep's, any shape (linearized); the uint8 pixels widened
// to int32 (the manifest's buffers: 4 B loads where FastDeploy's are 1 B); whole-number alpha
// and beta (FastDeploy's are 1 / (255 std) and -mean / std). Reimplemented from the published
// source (its indexing, arithmetic and control flow; none of its text). Exact: whole numbers,
// every product and sum a small integer, contracted or not. 1-D: one thread a pixel.
#include "common.cuh"

extern "C" __global__ void fastdeploy_normalize_permute(const int* __restrict__ src,
                                                        float* __restrict__ dst,
                                                        const float* __restrict__ alpha,
                                                        const float* __restrict__ beta,
                                                        int num_channel, int swap_rb,
                                                        int batch_size, int edge) {
    const int idx = (int)ga_linear();
    if (idx >= edge) return;
    const int img_size = edge / batch_size;
    const int n = idx / img_size;
    const int p = idx - n * img_size;
    for (int i = 0; i < num_channel; ++i) {
        int j = i;
        if (swap_rb) j = 2 - i;
        dst[n * img_size * num_channel + i * img_size + p] =
            (float)src[num_channel * idx + j] * alpha[i] + beta[i];
    }
}
