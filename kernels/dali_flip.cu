// DALI's flip, FlipKernel<T> (NVIDIA/DALI, dali/kernels/imgproc/flip_gpu.cuh, launched by
// FlipGPU<Type>::Run in the same file: the Flip operator's GPU backend, fn.flip's horizontal,
// vertical and depthwise mirroring of each sample of a batch) (blind check set 73: written
// after calibration, never fitted on). As in DALI: xc = blockIdx.x blockDim.x + threadIdx.x
// over width channels, y = blockIdx.y blockDim.y + threadIdx.y, z = blockIdx.z blockDim.z +
// threadIdx.z, out of range (xc >= width channels, y >= height or z >= layers) a return,
// channel = xc % channels and x = xc / channels (size_t division), in_x = width - 1 - x when
// flip_x (in_y, in_z alike), output[channel + channels (x + width (y + height z))] =
// input[channel + channels (in_x + width (in_y + height in_z))]; the host's min(32, width
// channels) x min(32, height) x 1 threads on cdiv(width channels, bx) x cdiv(height, by) x
// layers blocks, one launch a sample. Departures: the block the sweep's, any shape (x the
// value of a row, y*z the row, z folded in: the layer from the grid's z alone, as DALI's
// blockDim.z of 1 gives); float32 frames; the flags as ints. Reimplemented from the published
// source (its indexing, arithmetic and control flow; none of its text). Exact: copies. 2-D:
// x -> value of a row (pixel x channel), y*z -> row, the grid's z the layer.
#include "common.cuh"

extern "C" __global__ void dali_flip(float* __restrict__ output, const float* __restrict__ input,
                                     int layers, int height, int width, int channels,
                                     int flip_x, int flip_y, int flip_z) {
    const unsigned long long xc = (unsigned long long)ga_col();
    const unsigned long long y = (unsigned long long)ga_row();
    const unsigned long long z = blockIdx.z;
    const unsigned long long w = width, h = height, c = channels, l = layers;
    if (xc >= w * c || y >= h || z >= l) return;
    const unsigned long long channel = xc % c;
    const unsigned long long x = xc / c;
    const unsigned long long in_x = flip_x ? w - 1 - x : x;
    const unsigned long long in_y = flip_y ? h - 1 - y : y;
    const unsigned long long in_z = flip_z ? l - 1 - z : z;
    const unsigned long long input_idx = channel + c * (in_x + w * (in_y + h * in_z));
    const unsigned long long output_idx = channel + c * (x + w * (y + h * z));
    output[output_idx] = input[input_idx];
}
