// A general 2-D linear filter, OpenCV's CUDA filter2D linearFilter (opencv_contrib
// modules/cudafilters/src/cuda/filter2d.cu; cv::cuda::createLinearFilter on CV_32FC1 with
// BORDER_REFLECT_101) (blind check set 36: written after calibration, never fitted on). As in
// OpenCV: x and y from the block, the early return outside dst, the kernel's taps in row-major
// order (kInd from 0, correlation: not flipped) around the anchor, each source pixel read
// through the BorderReader of BrdReflect101 (idx_row(y) = idx_row_low(idx_row_high(y)),
// idx_row_low(y) = |y| % (last_row + 1), idx_row_high(y) = |last_row - |last_row - y|| %
// (last_row + 1), columns alike), float sums. Departures: the 16 x 16 block becomes bx x by*bz
// (z folded into the rows); the __constant__ c_filter2DKernel a global argument; the PtrStep
// dense with the steps in elements. Written from memory of OpenCV's kernel. x -> column, y*z
// -> row; one pixel per thread.
#include "common.cuh"

__device__ __forceinline__ int ocv_reflect101(int x, int last) {
    const int high = ::abs(last - ::abs(last - x)) % (last + 1);
    return ::abs(high) % (last + 1);
}

extern "C" __global__ void ocv_filter2d(const float* src, int src_step, int rows, int cols,
                                        float* dst, int dst_step, const float* kernel,
                                        int kWidth, int kHeight, int anchorX, int anchorY) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = ga_row();
    if (x >= cols || y >= rows) return;

    float res = 0.0f;
    int kInd = 0;
    for (int i = 0; i < kHeight; ++i) {
        const int sy = ocv_reflect101(y - anchorY + i, rows - 1);
        for (int j = 0; j < kWidth; ++j) {
            const int sx = ocv_reflect101(x - anchorX + j, cols - 1);
            res = res + src[sy * src_step + sx] * kernel[kInd++];
        }
    }
    dst[y * dst_step + x] = res;
}
