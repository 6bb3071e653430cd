// MMDeploy's interleaved-to-planar image transpose, operation::cuda::transpose<float>
// (open-mmlab/mmdeploy, csrc/mmdeploy/operation/cuda/transpose.cu, launched by Transpose<float> in
// the same file behind the SDK's CUDA HWC2CHW operation (csrc/mmdeploy/operation/cuda): every
// decoded and normalized float32 RGB frame that MMDeploy's C/C++ SDK feeds a detector or
// segmenter turned from height x width x channels into the channel planes the model reads)
// (blind check set 80: written after calibration, never fitted on). As in MMDeploy: x =
// blockIdx.x blockDim.x + threadIdx.x the pixel's column and y its row, outside width x height a
// return, then for each of the channels dst[c dst_channel_stride + y width + x] = src[y
// src_width_stride + x channels + c] (src_width_stride = width channels, dst_channel_stride =
// width height); the host's 32 x 8 threads on cdiv(width, 32) x cdiv(height, 8) blocks.
// Departures: the block the sweep's, any shape (x the column, y*z the row, z folded in); the
// offsets in 64 bits. Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: copies. 2-D: x -> column (a thread's three 4 B loads
// contiguous, a warp's 384 B contiguous; three 4 B stores a plane apart, a warp's 128 B
// contiguous each), y*z -> row.
#include "common.cuh"

extern "C" __global__ void mmdeploy_hwc2chw(const float* src, int height, int width, int channels,
                                            int src_width_stride, float* dst,
                                            int dst_channel_stride) {
    const int x = ga_col();
    const int y = ga_row();
    if (x >= width || y >= height) return;
    const float* pixel = src + (long long)y * src_width_stride + (long long)x * channels;
    float* plane0 = dst + (long long)y * width + x;
    for (int c = 0; c < channels; ++c) {
        plane0[(long long)c * dst_channel_stride] = pixel[c];
    }
}
