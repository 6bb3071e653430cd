// One level of an image pyramid, vilib's image_halfsample_gpu_kernel<uchar4, 4> (uzh-rpg/vilib,
// visual_lib/src/preprocess/pyramid_gpu.cu, behind pyramid_create_level_gpu in the same file:
// pyramid_create_gpu, every frame of the visual front end (FAST/Harris detection and KLT
// tracking on each level), each level half the one above it) (blind check set 72: written
// after calibration, never fitted on). As in vilib: x = blockDim.x blockIdx.x + threadIdx.x a
// group of 4 destination pixels, y = blockDim.y blockIdx.y + threadIdx.y the destination row,
// inside (x < width_n and y < height) the destination vector y pitch_dst / 4 + x, the source
// read as pairs of pixels: top = y pitch_src + 4 x and bottom = top + pitch_src / 2 (rows 2y
// and 2y + 1, pitch_src pixels = pitch_src / 2 pairs a row), each of the 4 destination pixels
// (t.x + t.y + b.x + b.y) >> 2 of the next top and bottom pairs, stored one at a time; the host's
// vectorized case (destination width a multiple of 4) on min(64, the width in groups rounded
// up to 32) x 2 threads (cuda_gen_kernel_params_2d) and cdiv blocks. Departures: the block the
// sweep's, any shape (x the group of 4 pixels, y*z the destination row, z folded in); the 8-bit
// pixels widened to int32 (the manifest's buffers: pairs as 8 B int2 loads, 4 B stores where
// vilib's are 2 B and 1 B), the pitches in pixels (vilib's in bytes, the same number for 8-bit
// pixels). Reimplemented from the published source (its indexing, arithmetic and control
// flow; none of its text). Exact: integer sums and shifts. 2-D: x -> 4 pixels, y*z -> row.
#include "common.cuh"

extern "C" __global__ void vilib_halfsample(const int* __restrict__ src_px, int pitch_src,
                                            int* __restrict__ dst, int width_n, int height,
                                            int pitch_dst) {
    const int2* __restrict__ src = reinterpret_cast<const int2*>(src_px);
    const int x = ga_col();
    const int y = ga_row();
    if (x < width_n && y < height) {
        const int d = y * pitch_dst / 4 + x;  // a vector of 4 destination pixels
        int top = y * pitch_src + x * 4;      // pairs: two source rows a destination row
        int bottom = y * pitch_src + x * 4 + pitch_src / 2;
#pragma unroll 4
        for (int i = 0; i < 4; ++i) {
            const int2 t2 = src[top++];
            const int2 b2 = src[bottom++];
            dst[4 * d + i] = (int)(((unsigned)t2.x + (unsigned)t2.y + (unsigned)b2.x +
                                    (unsigned)b2.y) >> 2);
        }
    }
}
