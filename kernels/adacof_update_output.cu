// AdaCoF's kernel_AdaCoF_updateOutput (HyeongminLEE/AdaCoF-pytorch, cupy_module/adacof.py,
// compiled through CuPy by cupy_kernel and launched by FunctionAdaCoF.forward in the same file:
// the Adaptive Collaboration of Flows warp of AdaCoF's video frame interpolation, each output
// pixel the weighted sum over an F x F dilated window of bilinear samples of the padded input
// frame displaced by the pixel's own per-tap offsets) (blind check set 99: written after
// calibration, never fitted on). As in AdaCoF: a grid-stride loop over the n = B C OH OW
// outputs, (sample, c, i, j) from the index; for k and l below F_SIZE, w, alpha and beta the
// pixel's values in plane k F_SIZE + l of weight, offset_i and offset_j; A = (int) alpha,
// B = (int) beta (truncation); the four corner rows and columns i + k DILATION + A (+ 1) and
// j + l DILATION + B (+ 1) each clamped to the input; the output the sum of w times the
// bilinear blend of the four corners (weights 1 - (alpha - A), alpha - A, and likewise for
// beta), stored once; FunctionAdaCoF.forward's 512 threads on cdiv(n, 512) blocks (the loop
// run once). Departures: the block any shape (linearized, the loop striding by the grid's
// threads); CuPy's SIZE_ / VALUE_4 substitutions (literal sizes and strides of contiguous
// tensors) and the F_SIZE and DILATION literals as int arguments; offsets in 64 bits.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: the data's offsets are whole numbers (the bilinear weights 0 and 1:
// AdaCoF's are fractional), products and sums of whole numbers far below 2^24. 1-D, no shared
// memory, a per-thread loop: one thread an output value, F^2 taps each with three 4 B loads
// from the tap's weight and offset planes (a warp's 128 B contiguous, planes OH OW * 4 B
// apart) and four 4 B gathers of the clamped, displaced corners from the input plane (a warp's
// lanes neighbouring columns shifted by their own offsets), one 4 B store (a warp's 128 B).
#include "common.cuh"

__device__ __forceinline__ int ac_clamp(int v, int hi) {
    return v < 0 ? 0 : (v > hi ? hi : v);
}

extern "C" __global__ void adacof_update_output(int n, const float* input, const float* weight,
                                                const float* offset_i, const float* offset_j,
                                                float* output, int channels, int in_h,
                                                int in_w, int out_h, int out_w, int f_size,
                                                int dilation) {
    const long long stride = (long long)gridDim.x * ga_nthreads();
    for (long long index = ga_linear(); index < n; index += stride) {
        float out = 0.0f;
        const int sample = (int)(index / out_w / out_h / channels);
        const int c = (int)(index / out_w / out_h % channels);
        const int i = (int)(index / out_w % out_h);
        const int j = (int)(index % out_w);
        const long long plane = (long long)out_h * out_w;
        const float* in = input + ((long long)sample * channels + c) * in_h * in_w;
        const long long at = (long long)sample * f_size * f_size * plane +
                             (long long)i * out_w + j;
        for (int k = 0; k < f_size; ++k) {
            for (int l = 0; l < f_size; ++l) {
                const long long tap = at + (long long)(k * f_size + l) * plane;
                const float w = weight[tap];
                const float alpha = offset_i[tap];
                const float beta = offset_j[tap];
                const int A = (int)alpha;
                const int B = (int)beta;
                const int r0 = ac_clamp(i + k * dilation + A, in_h - 1);
                const int c0 = ac_clamp(j + l * dilation + B, in_w - 1);
                const int r1 = ac_clamp(i + k * dilation + A + 1, in_h - 1);
                const int c1 = ac_clamp(j + l * dilation + B + 1, in_w - 1);
                const float fa = alpha - (float)A;
                const float fb = beta - (float)B;
                out += w * (in[(long long)r0 * in_w + c0] * (1 - fa) * (1 - fb) +
                            in[(long long)r1 * in_w + c0] * fa * (1 - fb) +
                            in[(long long)r0 * in_w + c1] * (1 - fa) * fb +
                            in[(long long)r1 * in_w + c1] * fa * fb);
            }
        }
        output[index] = out;
    }
}
