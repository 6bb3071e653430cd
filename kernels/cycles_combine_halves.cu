// The residual variance of the two half buffers in Blender Cycles' denoiser, the
// filter_combine_halves kernel (blender/blender, intern/cycles/kernel/filter/filter_prefilter.h
// kernel_filter_combine_halves behind kernels/cuda/filter.cu kernel_cuda_filter_combine_halves,
// Blender 2.79 to 2.93: DenoisingTask's shadow prefilter, run on every denoised tile of a
// render, with r = 2 for the variance of the two NLM-filtered halves and r = 0 for their
// mean) (blind check set 54: written after calibration, never fitted on). As in Cycles: x =
// prefilter_rect.x + blockDim.x blockIdx.x + threadIdx.x and y likewise from rect.y, pixels
// inside the rect (x < rect.z, y < rect.w), the buffers buffer_w = align_up(rect.z - rect.x,
// 4) floats a row, idx = (y - rect.y) buffer_w + (x - rect.x); mean[idx] = 0.5 (a + b); with r
// > 0 variance[idx] = 0 first, then the (2 r + 1)^2 window clipped to the rect collected as
// 0.25 (a - b)(a - b) into a local float values[25], insertion-sorted, and variance[idx] =
// values[(7 numValues) / 8]; the host's square blocks of sqrt(max threads) a side on
// cdiv(w, side) x cdiv(h, side) blocks. Departures: the block the sweep's, any shape (x the
// column, y*z the row, z folded in); the int4 prefilter_rect as four int arguments; both
// outputs asked for in one launch (Cycles asks for one at a time, the other pointer NULL).
// Written from memory. Exact (whole-number halves: half sums, quarter squares and a sort).
#include "common.cuh"

__device__ __forceinline__ int align_up(int offset, int alignment) {
    return (offset + alignment - 1) & ~(alignment - 1);
}

__device__ __forceinline__ void kernel_filter_combine_halves(int x, int y, float* mean,
                                                             float* variance, const float* a,
                                                             const float* b, int rect_x,
                                                             int rect_y, int rect_z,
                                                             int rect_w, int r) {
    int buffer_w = align_up(rect_z - rect_x, 4);
    int idx = (y - rect_y) * buffer_w + (x - rect_x);

    if (mean) mean[idx] = 0.5f * (a[idx] + b[idx]);
    if (variance) {
        if (r == 0) {
            variance[idx] = 0.25f * (a[idx] - b[idx]) * (a[idx] - b[idx]);
        } else {
            variance[idx] = 0.0f;
            float values[25];
            int numValues = 0;
            for (int py = max(y - r, rect_y); py < min(y + r + 1, rect_w); py++) {
                for (int px = max(x - r, rect_x); px < min(x + r + 1, rect_z); px++) {
                    int pidx = (py - rect_y) * buffer_w + (px - rect_x);
                    values[numValues++] = 0.25f * (a[pidx] - b[pidx]) * (a[pidx] - b[pidx]);
                }
            }
            /* Insertion-sort the variances (fast enough for 25 elements). */
            for (int i = 1; i < numValues; i++) {
                float v = values[i];
                int j;
                for (j = i - 1; j >= 0 && values[j] > v; j--) values[j + 1] = values[j];
                values[j + 1] = v;
            }
            variance[idx] = values[(7 * numValues) / 8];
        }
    }
}

extern "C" __global__ void cycles_combine_halves(float* mean, float* variance, const float* a,
                                                 const float* b, int rect_x, int rect_y,
                                                 int rect_z, int rect_w, int r) {
    int x = rect_x + ga_col();
    int y = rect_y + ga_row();
    if (x < rect_z && y < rect_w) {
        kernel_filter_combine_halves(x, y, mean, variance, a, b, rect_x, rect_y, rect_z, rect_w,
                                     r);
    }
}
