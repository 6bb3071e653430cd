// Padding an image with a mirrored border, OpenCV's CUDA copyMakeBorder kernel
// (opencv_contrib modules/cudaarithm/src/cuda/copy_make_border.cu; cv::cuda::copyMakeBorder on
// CV_8UC4 with BORDER_REFLECT) (blind check set 36: written after calibration, never fitted
// on). As in OpenCV: x and y from the block, the test against dst's size, dst(y, x) =
// src(y - top, x - left) through the BorderReader of BrdReflect (fedcba|abcdefgh|hgfedcb: the
// index past the last mirrored to 2 last + 1 - x, then below 0 to -x - 1; rows alike), one
// uchar4 (a 4 B word) moved a pixel. Departures: the
// 32 x 8 block becomes bx x by*bz (z folded into the rows); the uchar4 pixels uint32 words;
// the PtrStepSz dense with the steps in elements; BrdReflect's modulo forms
// written in closed form (the same index for borders up to the image's size). Written from memory of OpenCV's kernel.
// x -> column, y*z -> row; one pixel per thread.
#include "common.cuh"

__device__ __forceinline__ int ocv_reflect(int x, int last) {
    const int high = x > last ? 2 * last + 1 - x : x;  // idx_high
    return high < 0 ? -high - 1 : high;               // idx_low
}

extern "C" __global__ void ocv_copy_make_border(const unsigned* src, int src_step, int src_rows,
                                                int src_cols, unsigned* dst, int dst_step,
                                                int dst_rows, int dst_cols, int top, int left) {
    const int x = blockDim.x * blockIdx.x + threadIdx.x;
    const int y = ga_row();
    if (x < dst_cols && y < dst_rows) {
        const int sy = ocv_reflect(y - top, src_rows - 1);
        const int sx = ocv_reflect(x - left, src_cols - 1);
        dst[y * dst_step + x] = src[sy * src_step + sx];
    }
}
