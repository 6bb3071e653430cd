// Feathered blending of two 3-channel float32 images by per-pixel weights, OpenCV's CUDA
// blendLinear (opencv_contrib modules/cudaimgproc/src/cuda/blend.cu: blendLinearKernel<float>,
// what cv::cuda::blendLinear runs on CV_32FC3, as image stitching's feather blender uses it),
// one channel value per thread (blind check set 29: written after calibration, never fitted
// on; its sweeps go to fixtures/hopper/blind29/ once recorded). x runs over the row's cols *
// cn interleaved values; the pixel's weights are read at x / cn (the same word for its cn
// lanes), and result = (p1 w1 + p2 w2) / (w1 + w2 + 1e-5f). PtrStep<T> and PtrStepf become a
// pointer and a row step (in elements) each. Per thread: two contiguous 4 B loads of the
// images, two 4 B weight loads (a third of a warp's words, each used by 3 lanes), an FMA, a
// division, one contiguous 4 B store. No shared memory. float32: integer images and weights
// keep the products and sums exact and the division is correctly rounded, so the result is
// exact. x -> value in the row, y*z -> row.
#include "common.cuh"

extern "C" __global__ void ocv_blend_linear(int rows, int cols, int cn,
                                            const float* __restrict__ img1, int img1_step,
                                            const float* __restrict__ img2, int img2_step,
                                            const float* __restrict__ weights1, int w1_step,
                                            const float* __restrict__ weights2, int w2_step,
                                            float* __restrict__ result, int result_step) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = ga_row();  // blockIdx.y * blockDim.y + threadIdx.y, z folded in

    if (y < rows && x < cols) {
        int x_ = x / cn;
        float w1 = weights1[y * w1_step + x_];
        float w2 = weights2[y * w2_step + x_];
        float p1 = img1[y * img1_step + x];
        float p2 = img2[y * img2_step + x];
        result[y * result_step + x] = (p1 * w1 + p2 * w2) / (w1 + w2 + 1e-5f);
    }
}
