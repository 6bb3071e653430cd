// The hole clean-up of a depth frame aligned to the colour camera, librealsense's
// kernel_replace_to_zero (IntelRealSense/librealsense, src/proc/cuda/cuda-align.cu, behind
// align_cuda_helper::align_depth_to_other: rs2::align to colour with RS2_USE_CUDA, after
// kernel_depth_to_other's atomicMin z-buffer left 0xFFFF wherever no depth pixel landed)
// (blind check set 58: written after calibration, never fitted on). As in librealsense: one
// thread a pixel (x, y) of the aligned uint16 image, a 2 B load and, for 0xFFFF, a 2 B store of
// 0 in place; the host's 32 x 32 blocks on cdiv(width, 32) x cdiv(height, 32). Departures: the
// block the sweep's, any shape (x the column, y*z the row, z folded in); a bounds check on x
// and y (the original has none: its grid's last blocks run past a frame whose sides are not
// multiples of 32); the intrinsics struct's width and height as ints; the uint16 image as 4 B
// words cast. Reimplemented from the published source (its indexing and control flow; none of
// its text). Exact: integers. 2-D: x the column, y*z the row.
#include "common.cuh"

extern "C" __global__ void realsense_zero_holes(unsigned int* aligned_words, int width,
                                                int height) {
    const int x = ga_col();
    const int y = ga_row();
    if (x >= width || y >= height) return;
    unsigned short* aligned_out = reinterpret_cast<unsigned short*>(aligned_words);
    const int other_pixel_index = y * width + x;
    if (aligned_out[other_pixel_index] == 0xffff) aligned_out[other_pixel_index] = 0;
}
