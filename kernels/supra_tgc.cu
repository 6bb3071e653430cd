// SUPRA's TimeGainCompensationInternal::processKernel<float, float> (IFL-CAMP/supra,
// src/SupraLib/Processing/TimeGainCompensation.cu, launched by TimeGainCompensation::process
// in the same file: the software-defined ultrasound pipeline's time-gain compensation, every
// pixel of an image or volume multiplied by the sampled gain curve's factor for its position
// along the work dimension) (blind check set 112: written after calibration, never fitted
// on). As in SUPRA: x = blockDim.x blockIdx.x + threadIdx.x, y and z likewise, nothing at or
// past width, height or depth; the pixel inputImage[x + y width + z width height] times
// factors[x], factors[y] or factors[z] for workDimension 0, 1 or 2 (a zero factor
// otherwise), stored through clampCast (the identity for float to float) at the same index;
// the host's dim3(32, 4, 1) threads on cdiv(width, 32) x cdiv(height, 4) x depth blocks.
// Departures: the block any shape (x the pixel's x; y*z its y, z folded in; the grid's z
// one z a block layer, the source's blockDim.z 1), the sizes as three ints (the source's
// vec3s of size_t), float only (int16, uint8 and mixed types also instantiated), the gain
// curve's factors (10^(dB / 20) sampled on the host) whole numbers here. Reimplemented from
// the published source (its indexing, arithmetic and control flow; none of its text).
// Exact: whole-number products below 2^24. 2-D, no shared memory: per thread a 4 B pixel
// load (a warp's 128 B contiguous), a 4 B factor load (along y: the same for the warp's
// lanes of a row) and a 4 B store (a warp's 128 B contiguous).
#include "common.cuh"

extern "C" __global__ void supra_tgc(const float* input_image, int width, int height,
                                     int depth, int work_dimension, const float* factors,
                                     float* output_image) {
    const int x = ga_col();
    const int y = ga_row();
    const int z = blockIdx.z;
    if (x >= width || y >= height || z >= depth) return;
    const long long index = x + (long long)y * width + (long long)z * width * height;
    const float in_pixel = input_image[index];
    float factor = 0.0f;
    if (work_dimension == 0) {
        factor = factors[x];
    } else if (work_dimension == 1) {
        factor = factors[y];
    } else if (work_dimension == 2) {
        factor = factors[z];
    }
    output_image[index] = in_pixel * factor;
}
