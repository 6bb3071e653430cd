// Edge-preserving bilateral smoothing of a float32 image, OpenCV's CUDA bilateral filter
// (opencv_contrib modules/cudaimgproc/src/cuda/bilateral_filter.cu: bilateral_kernel<float,
// BrdReflect101<float>>, what cv::cuda::bilateralFilter runs on CV_32FC1 with the default
// BORDER_REFLECT_101), one pixel per thread walking its ksz x ksz window (blind check set 29:
// written after calibration, never fitted on; its sweeps go to fixtures/hopper/blind29/ once
// recorded). For every tap (cx, cy) of the window whose squared distance space2 to the pixel
// is at most r^2 (r = ksz / 2: the disc of 49 taps for ksz 9), weight = exp(space2
// sigma_spatial2_inv_half + |value - center|^2 sigma_color2_inv_half) (both coefficients
// -1 / (2 sigma^2), as bilateral_caller passes them), sum1 += weight value, sum2 += weight;
// NaN taps are skipped; dst = sum1 / sum2. Windows inside the image read src directly, the
// others through BrdReflect101 (row and column reflected about the edge pixel, then taken
// modulo the size: OpenCV's idx_row_low(idx_row_high(y))). PtrStepSz<float> and PtrStep<float>
// become a pointer with the rows, columns and row step (in floats) as arguments; the
// texture-free global loads are OpenCV's. Per pixel: ksz^2 loop trips, 49 of them a 4 B load
// (a warp's lanes neighbouring words; the window's 81 words re-read by the neighbouring
// threads: L1 hits), an expf and some 8 FMAs; one division; one contiguous 4 B store. No
// shared memory. float32 (the manifest's tolerance: expf and the float sums). x -> column,
// y*z -> row.
#include "common.cuh"

__device__ __forceinline__ float ocv_norm_l1(const float& a) { return ::fabs(a); }

__device__ __forceinline__ float ocv_sqr(const float& a) { return a * a; }

// BrdReflect101<float>'s row and column indices (opencv2/core/cuda/border_interpolate.hpp)
__device__ __forceinline__ int ocv_reflect101(int y, int last) {
    const int high = ::abs(last - ::abs(last - y)) % (last + 1);  // idx_row_high
    return ::abs(high) % (last + 1);                                // idx_row_low
}

extern "C" __global__ void ocv_bilateral(const float* __restrict__ src, int rows, int cols,
                                         int src_step, float* __restrict__ dst, int dst_step,
                                         int ksz, float sigma_spatial2_inv_half,
                                         float sigma_color2_inv_half) {
    int x = threadIdx.x + blockIdx.x * blockDim.x;
    int y = ga_row();  // threadIdx.y + blockIdx.y * blockDim.y, z folded in

    if (x >= cols || y >= rows) return;

    float center = src[y * src_step + x];

    float sum1 = 0;
    float sum2 = 0;

    int r = ksz / 2;
    float r2 = (float)(r * r);

    int tx = x - r + ksz;
    int ty = y - r + ksz;

    if (x - ksz / 2 >= 0 && y - ksz / 2 >= 0 && tx < cols && ty < rows) {
        for (int cy = y - r; cy < ty; ++cy)
            for (int cx = x - r; cx < tx; ++cx) {
                float space2 = (x - cx) * (x - cx) + (y - cy) * (y - cy);
                if (space2 > r2) continue;

                float value = src[cy * src_step + cx];
                if (isnan(ocv_norm_l1(value))) continue;

                float weight = ::exp(space2 * sigma_spatial2_inv_half +
                                     ocv_sqr(ocv_norm_l1(value - center)) * sigma_color2_inv_half);
                sum1 = sum1 + weight * value;
                sum2 = sum2 + weight;
            }
    } else {
        for (int cy = y - r; cy < ty; ++cy)
            for (int cx = x - r; cx < tx; ++cx) {
                float space2 = (x - cx) * (x - cx) + (y - cy) * (y - cy);
                if (space2 > r2) continue;

                float value = src[ocv_reflect101(cy, rows - 1) * src_step +
                                  ocv_reflect101(cx, cols - 1)];
                if (isnan(ocv_norm_l1(value))) continue;

                float weight = ::exp(space2 * sigma_spatial2_inv_half +
                                     ocv_sqr(ocv_norm_l1(value - center)) * sigma_color2_inv_half);

                sum1 = sum1 + weight * value;
                sum2 = sum2 + weight;
            }
    }
    dst[y * dst_step + x] = sum1 / sum2;
}
