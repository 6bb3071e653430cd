// Area (box) downscaling by whole factors, OpenCV's CUDA resize with INTER_AREA
// (opencv/opencv_contrib, modules/cudawarping/src/cuda/resize.cu: resize_area over
// IntegerAreaFilter<BorderReader<PtrStep<float>, BrdConstant<float>>> of
// opencv2/core/cuda/filters.hpp, what ResizeAreaDispatcher picks when both scales are
// integers), one destination pixel per thread (blind check set 30: written after calibration,
// never fitted on; its sweeps go to fixtures/hopper/blind30/ once recorded). Pixel (y, x) sums
// src * scale over the source rows sy1 = ceil(y fy) .. floor(y fy + fy) - 1 and columns sx1 =
// ceil(x fx) .. floor(x fx + fx) - 1 (__float2int_ru and __float2int_rd), scale = 1 / (fx fy),
// sources past the image reading BrdConstant's 0, and stores the sum. Changes: the filter's
// members (scale_x = fx, scale_y = fy, scale) become the two scales as arguments and scale is
// computed on entry as IntegerAreaFilter's constructor computes it; PtrStep<float> and
// PtrStepSz<float> become pointers with row steps (in floats) and the sizes as arguments. Per
// thread (fx = fy = 4): 16 4 B loads, 4 contiguous floats in each of 4 rows (neighbouring lanes
// 16 B apart: a warp's loads 512 B of each row), 16 FMAs; one contiguous 4 B store. No shared
// memory. float32: integer data and scale 1/16 keep every sum exact. x -> destination column
// (4 source columns), y*z -> destination row.
#include "common.cuh"

// BorderReader<PtrStep<float>, BrdConstant<float>>: the value inside the image, 0 outside.
__device__ __forceinline__ float ocv_area_src(const float* src, int step, int rows, int cols,
                                              int y, int x) {
    return (x >= 0 && x < cols && y >= 0 && y < rows) ? src[(long long)y * step + x] : 0.f;
}

extern "C" __global__ void ocv_resize_area(const float* __restrict__ src, int src_step,
                                           int src_rows, int src_cols, float* __restrict__ dst,
                                           int dst_step, int dst_rows, int dst_cols,
                                           float scale_y, float scale_x) {
    const float scale = 1.f / (scale_x * scale_y);  // IntegerAreaFilter's constructor

    const int x = blockDim.x * blockIdx.x + threadIdx.x;
    const int y = ga_row();  // blockDim.y * blockIdx.y + threadIdx.y, z folded in

    if (x < dst_cols && y < dst_rows) {
        // dst(y, x) = src(y, x): IntegerAreaFilter::operator()(float y, float x)
        float fsx1 = x * scale_x;
        float fsx2 = fsx1 + scale_x;

        int sx1 = __float2int_ru(fsx1);
        int sx2 = __float2int_rd(fsx2);

        float fsy1 = y * scale_y;
        float fsy2 = fsy1 + scale_y;

        int sy1 = __float2int_ru(fsy1);
        int sy2 = __float2int_rd(fsy2);

        float out = 0.f;

        for (int dy = sy1; dy < sy2; ++dy)
            for (int dx = sx1; dx < sx2; ++dx) {
                out = out + ocv_area_src(src, src_step, src_rows, src_cols, dy, dx) * scale;
            }

        dst[(long long)y * dst_step + x] = out;  // saturate_cast<float>: the identity
    }
}
