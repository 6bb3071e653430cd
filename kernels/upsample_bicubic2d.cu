// Bicubic resizing of a batch of image planes, PyTorch's upsample_bicubic2d_out_frame
// (aten/src/ATen/native/cuda/UpSampleBicubic2d.cu, F.interpolate(mode="bicubic"): Keys' cubic
// convolution with A = -0.75, the source taps clamped to the image, align_corners either
// way), one output pixel per thread looping over every plane of the batch as PyTorch's kernel
// does (blind check set 25: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind25/ once recorded). idata is planes x in_h x in_w float32 (N C planes,
// NCHW), odata planes x out_h x out_w. The output column x maps to the source coordinate
// real_x = align_corners ? x scale_w : scale_w (x + 0.5) - 0.5 (area_pixel_compute_source_index
// with cubic = true: no clamp at 0), scale_w = align_corners ? (in_w - 1) / (out_w - 1) : in_w
// / out_w (area_pixel_compute_scale, 0 for a one-pixel output), in_x = floor(real_x), t_x =
// real_x - in_x (rows likewise). Each of the four source rows in_y - 1 .. in_y + 2 is
// interpolated along x from the columns in_x - 1 .. in_x + 2 (upsample_get_value_bounded:
// each index clamped to the image) with the weights cubic_convolution2(t + 1), ..1(t),
// ..1(1 - t), ..2(2 - t) (get_cubic_upsample_coefficients: ((A + 2) x - (A + 3)) x^2 + 1 and
// ((A x - 5 A) x + 8 A) x - 4 A), then the four row values along y the same way. Per thread:
// the source coordinates and weights once (float), then for each of the planes 16 4 B loads
// (4 x 4 clamped taps: a warp's lanes along one output row read some 18 neighbouring source
// pixels of 4 source rows, L1 hits for the overlapping taps) and one coalesced 4 B store;
// planes are in_h in_w and out_h out_w elements apart. No shared memory. float32 (the
// manifest's tolerance: the reference computes in float64). x -> output column, y*z ->
// output row.
#include "common.cuh"

#define UB_A (-0.75f)

__device__ __forceinline__ float ub_conv1(float x) {  // cubic_convolution1, |x| <= 1
    return ((UB_A + 2.0f) * x - (UB_A + 3.0f)) * x * x + 1.0f;
}

__device__ __forceinline__ float ub_conv2(float x) {  // cubic_convolution2, 1 < |x| < 2
    return ((UB_A * x - 5.0f * UB_A) * x + 8.0f * UB_A) * x - 4.0f * UB_A;
}

__device__ __forceinline__ float ub_interp(float x0, float x1, float x2, float x3, float t) {
    const float c0 = ub_conv2(t + 1.0f);
    const float c1 = ub_conv1(t);
    const float c2 = ub_conv1(1.0f - t);
    const float c3 = ub_conv2(2.0f - t);
    return x0 * c0 + x1 * c1 + x2 * c2 + x3 * c3;
}

extern "C" __global__ void upsample_bicubic2d(const float* __restrict__ idata,
                                              float* __restrict__ odata, int planes, int in_h,
                                              int in_w, int out_h, int out_w,
                                              int align_corners) {
    const int output_x = ga_col();
    const int output_y = ga_row();
    if (output_x >= out_w || output_y >= out_h) {
        return;
    }
    // area_pixel_compute_scale and area_pixel_compute_source_index (cubic: no clamp)
    const float height_scale = align_corners ? (out_h > 1 ? (float)(in_h - 1) / (out_h - 1) : 0.0f)
                                             : (float)in_h / out_h;
    const float width_scale = align_corners ? (out_w > 1 ? (float)(in_w - 1) / (out_w - 1) : 0.0f)
                                            : (float)in_w / out_w;
    const float real_x = align_corners ? width_scale * output_x
                                       : width_scale * (output_x + 0.5f) - 0.5f;
    const int in_x = (int)floorf(real_x);
    const float t_x = real_x - in_x;
    const float real_y = align_corners ? height_scale * output_y
                                       : height_scale * (output_y + 0.5f) - 0.5f;
    const int in_y = (int)floorf(real_y);
    const float t_y = real_y - in_y;
    // upsample_get_value_bounded: the taps clamped to the image
    int xs[4], ys[4];
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        xs[k] = min(max(in_x - 1 + k, 0), in_w - 1);
        ys[k] = min(max(in_y - 1 + k, 0), in_h - 1);
    }
    const long long in_plane = (long long)in_h * in_w;
    const long long out_plane = (long long)out_h * out_w;
    for (int p = 0; p < planes; ++p) {
        const float* src = idata + p * in_plane;
        float coefficients[4];
#pragma unroll
        for (int k = 0; k < 4; ++k) {
            const float* row = src + (long long)ys[k] * in_w;
            coefficients[k] = ub_interp(row[xs[0]], row[xs[1]], row[xs[2]], row[xs[3]], t_x);
        }
        odata[p * out_plane + (long long)output_y * out_w + output_x] =
            ub_interp(coefficients[0], coefficients[1], coefficients[2], coefficients[3], t_y);
    }
}
