// Non-local means denoising, OpenCV's CUDA brute-force nlm_kernel (opencv/opencv,
// modules/photo/src/cuda/nlm.cu: what cv::cuda::nonLocalMeans runs, with its default
// BORDER_REFLECT_101, BrdReflect101), one pixel per thread (blind check set 30: written after
// calibration, never fitted on; its sweeps go to fixtures/hopper/blind30/ once recorded). For
// every offset (x, y) of the (2 search_radius + 1)^2 search window, dist2 sums the squared
// differences of the (2 block_radius + 1)^2 patch around the pixel and the patch around the
// offset pixel; the offset's weight is __expf(dist2 noise_mult + (x^2 + y^2)
// minus_search_window2_inv), sum1 += weight value, sum2 += weight; dst = sum1 / sum2. The
// loops count in floats, as OpenCV's; pixels whose search reaches past an edge read through
// BrdReflect101 (row and column reflected about the edge pixel, then taken modulo the size).
// Changes: T is float (OpenCV instantiates uchar, uchar2, uchar3 and ushort; for float
// saturate_cast is the identity, so dst is the weighted mean unrounded); PtrStep<T> and
// PtrStepSz<T> become pointers with row steps (in floats) and the sizes as arguments. Per pixel
// (search radius 5, block radius 3): 121 offsets of 49 taps, each two 4 B loads (the patches
// of neighbouring lanes overlapping: L1 hits), a subtraction and an FMA; 121 __expf; one
// division; one contiguous 4 B store. No shared memory. float32 (the manifest's tolerance:
// __expf and the float sums). x -> column, y*z -> row.
#include "common.cuh"

// BrdReflect101<float>'s row and column indices (opencv2/core/cuda/border_interpolate.hpp)
__device__ __forceinline__ int ocv_nlm_reflect101(int y, int last) {
    const int high = ::abs(last - ::abs(last - y)) % (last + 1);  // idx_row_high
    return ::abs(high) % (last + 1);                                // idx_row_low
}

// BrdReflect101<float>::at(y, x, src)
__device__ __forceinline__ float ocv_nlm_at(const float* src, int step, int rows, int cols, int y,
                                            int x) {
    return src[ocv_nlm_reflect101(y, rows - 1) * step + ocv_nlm_reflect101(x, cols - 1)];
}

__device__ __forceinline__ float ocv_nlm_norm2(const float& v) { return v * v; }

extern "C" __global__ void ocv_nlmeans(const float* __restrict__ src, int src_step,
                                       float* __restrict__ dst, int dst_step, int rows, int cols,
                                       int search_radius, int block_radius, float noise_mult) {
    const int i = ga_row();  // blockDim.y * blockIdx.y + threadIdx.y, z folded in
    const int j = blockDim.x * blockIdx.x + threadIdx.x;

    if (j >= cols || i >= rows) return;

    int bsize = search_radius + block_radius;
    int search_window = 2 * search_radius + 1;
    float minus_search_window2_inv = -1.f / (search_window * search_window);

    float sum1 = 0;
    float sum2 = 0.f;

    if (j - bsize >= 0 && j + bsize < cols && i - bsize >= 0 && i + bsize < rows) {
        for (float y = -search_radius; y <= search_radius; ++y)
            for (float x = -search_radius; x <= search_radius; ++x) {
                float dist2 = 0;
                for (float ty = -block_radius; ty <= block_radius; ++ty)
                    for (float tx = -block_radius; tx <= block_radius; ++tx) {
                        float bv = src[(int)(i + y + ty) * src_step + (int)(j + x + tx)];
                        float av = src[(int)(i + ty) * src_step + (int)(j + tx)];

                        dist2 += ocv_nlm_norm2(av - bv);
                    }

                float w = __expf(dist2 * noise_mult + (x * x + y * y) * minus_search_window2_inv);

                sum1 = sum1 + w * src[(int)(i + y) * src_step + (int)(j + x)];
                sum2 += w;
            }
    } else {
        for (float y = -search_radius; y <= search_radius; ++y)
            for (float x = -search_radius; x <= search_radius; ++x) {
                float dist2 = 0;
                for (float ty = -block_radius; ty <= block_radius; ++ty)
                    for (float tx = -block_radius; tx <= block_radius; ++tx) {
                        float bv = ocv_nlm_at(src, src_step, rows, cols, i + y + ty, j + x + tx);
                        float av = ocv_nlm_at(src, src_step, rows, cols, i + ty, j + tx);
                        dist2 += ocv_nlm_norm2(av - bv);
                    }

                float w = __expf(dist2 * noise_mult + (x * x + y * y) * minus_search_window2_inv);

                sum1 = sum1 + w * ocv_nlm_at(src, src_step, rows, cols, i + y, j + x);
                sum2 += w;
            }
    }

    dst[i * dst_step + j] = sum1 / sum2;
}
