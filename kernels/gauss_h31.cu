// Horizontal pass of a separable Gaussian blur with sigma = 5 pixels and a 31-tap kernel
// (radius 15 = 3 sigma: OpenCV's GaussianBlur(ksize 31, sigma 5) as sepFilter2D runs it, the
// row filter first; the blur of an image pyramid or a scale-space octave, of an unsharp mask
// or of a background estimate), read straight from global memory (blind check set 20: written
// after calibration, never fitted on; its sweeps go to fixtures/hopper/blind20/ once
// recorded). out[r][c] = sum over k = -15 .. 15 of w[k + 15] in[r][reflect(c + k)], w being
// getGaussianKernel(31, 5, CV_32F): exp(-k^2 / 50) / (their sum) in double, rounded to float
// (the table below, symmetric, in constant memory: every lane reads the same tap at once);
// the border is OpenCV's default BORDER_REFLECT_101 (-1 -> 1, cols -> cols - 2; clamped as
// well for images narrower than the 16 columns the reflection needs). The taps are summed in
// order with float32 fused multiply-adds. Input and output: row-major float32 images. Per
// thread: 31 4 B loads from its own row, 15 columns either side (a warp's 128 contiguous bytes
// shifted by k: each input read by 31 neighbouring threads, L1 hits) and one contiguous 4 B
// store. No shared memory. float32: within the manifest's tolerance of the reference's
// float64. x -> column, y*z -> row.
#include "common.cuh"

#define GAUSS_RADIUS 15

// getGaussianKernel(31, 5, CV_32F): float(exp(-k^2 / 50) / sum) for k = -15 .. 15.
__constant__ float gauss31_taps[2 * GAUSS_RADIUS + 1] = {
    0.000888058508f, 0.00158610661f, 0.00272176997f, 0.00448743999f, 0.0071084369f,
    0.0108187674f,   0.0158201177f,  0.0222264361f,  0.0300025493f,  0.0389112085f,
    0.048486352f,    0.0580487028f,  0.0667719021f,  0.0737943649f,  0.078357555f,
    0.079940483f,
    0.078357555f,    0.0737943649f,  0.0667719021f,  0.0580487028f,  0.048486352f,
    0.0389112085f,   0.0300025493f,  0.0222264361f,  0.0158201177f,  0.0108187674f,
    0.0071084369f,   0.00448743999f, 0.00272176997f, 0.00158610661f, 0.000888058508f,
};

extern "C" __global__ void gauss_h31(const float* __restrict__ in, float* __restrict__ out,
                                     int rows, int cols) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    const float* row = in + (long long)r * cols;
    float acc = 0.0f;
#pragma unroll
    for (int k = 0; k <= 2 * GAUSS_RADIUS; ++k) {
        int j = c + k - GAUSS_RADIUS;
        j = j < 0 ? -j : (j >= cols ? 2 * cols - 2 - j : j);  // BORDER_REFLECT_101
        j = j < 0 ? 0 : (j >= cols ? cols - 1 : j);          // images under 16 columns
        acc = fmaf(gauss31_taps[k], row[j], acc);
    }
    out[(long long)r * cols + c] = acc;
}
