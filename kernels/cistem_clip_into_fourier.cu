// The Fourier-space resize (crop or pad) of a half-complex volume, cisTEM's
// ClipIntoFourierSpaceKernel (timothygrant80/cisTEM, src/gpu/GpuImage.cu, its float2 instance
// behind GpuImage::ClipIntoFourierSpace: the Fourier cropping or padding of a reference
// volume or image already in Fourier space, e.g. binning a 3-D template in Fourier space
// before template matching or refinement) (blind check set 64: written after calibration,
// never fitted on). As in cisTEM: one thread a destination coefficient (x, y, z) of the
// destination's dw / 2 x dy x dz half-complex (R2C) layout; its logical frequency (x, y - dy
// where y is at or past the first negative frequency, the same for z, and that shift tested a
// second time as the source does); outside the source's logical bounds the out-of-bounds
// value, otherwise the source coefficient at the frequency's physical address (negative y and z
// wrapped by the source's sizes; the x < 0 branch of Friedel's mate kept, unreachable as in
// the source) loaded as an 8 B float2; the destination's first coefficient zeroed when
// zero_central_pixel is set; an 8 B store; the host's 32 x 32 blocks (ReturnLaunchParameters)
// on cdiv(dw / 2, 32) x cdiv(dy, 32) x dz blocks. Departures: the block the sweep's, any shape
// (x the coefficient's column, y*z its row y, z folded in: cdiv(dy, by*bz) blocks along the
// grid's y, its z the slice); the int4 and int3 arguments as ints (only the fields read), the
// bool an int; float2 a pair of floats (an 8 B struct). Reimplemented from the published
// source (its indexing, arithmetic and control flow; none of its text). Exact: a copy. 2-D: x
// the column, y*z the row, the grid's z the slice.
#include "common.cuh"

struct alignas(8) cistem_float2 {  // CUDA's float2: one 8 B load and store
    float x, y;
};

__device__ __forceinline__ int cistem_fourier_address(int x, int y, int z, int upper_x,
                                                      int upper_y) {
    return ((upper_y + 1) * z + y) * (upper_x + 1) + x;
}

__device__ __forceinline__ int cistem_logical(int physical, int size, int first_negative) {
    return physical >= first_negative ? physical - size : physical;
}

extern "C" __global__ void cistem_clip_into_fourier(
    const float* __restrict__ src_words, float* __restrict__ dst_words, int src_y, int src_z,
    int dst_y, int dst_z, int dst_w, int dst_first_neg_y, int dst_first_neg_z, int src_lower_x,
    int src_lower_y, int src_lower_z, int src_upper_x, int src_upper_y, int src_upper_z,
    int src_phys_upper_x, int src_phys_upper_y, int dst_phys_upper_x, int dst_phys_upper_y,
    float out_of_bounds_value, int zero_central_pixel) {
    const cistem_float2* source = reinterpret_cast<const cistem_float2*>(src_words);
    cistem_float2* destination = reinterpret_cast<cistem_float2*>(dst_words);
    const int ix = blockIdx.x * blockDim.x + threadIdx.x;
    const int iy = ga_row();
    const int iz = blockIdx.z;

    if (iy >= dst_y || iz >= dst_z || ix >= dst_w / 2) return;

    const int destination_index =
        cistem_fourier_address(ix, iy, iz, dst_phys_upper_x, dst_phys_upper_y);

    int sx = ix;
    int sy = cistem_logical(iy, dst_y, dst_first_neg_y);
    int sz = cistem_logical(iz, dst_z, dst_first_neg_z);
    if (sy >= dst_first_neg_y) sy -= dst_y;
    if (sz >= dst_first_neg_z) sz -= dst_z;

    cistem_float2 value;
    if (sx < src_lower_x || sx > src_upper_x || sy < src_lower_y || sy > src_upper_y ||
        sz < src_lower_z || sz > src_upper_z) {
        value.x = out_of_bounds_value;
        value.y = out_of_bounds_value;
    } else {
        int px, py, pz;
        if (sx >= 0) {
            px = sx;
            py = sy >= 0 ? sy : src_y + sy;
            pz = sz >= 0 ? sz : src_z + sz;
        } else {
            px = -sx;
            py = sy > 0 ? src_y - sy : -sy;
            pz = sz > 0 ? src_z - sz : -sz;
        }
        value = source[cistem_fourier_address(px, py, pz, src_phys_upper_x, src_phys_upper_y)];
    }

    if (destination_index == 0 && zero_central_pixel) {
        destination[destination_index].x = 0.0f;
        destination[destination_index].y = 0.0f;
    } else {
        destination[destination_index] = value;
    }
}
