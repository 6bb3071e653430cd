// One scale of the starlet (the isotropic undecimated wavelet transform of Starck, Fadili and
// Murtagh, 2007: Sparse2D's mr_transform -t 2 and PySAP's starlet, the multiscale source
// detection and denoising of astronomical images) by the "a trous" algorithm: the smooth
// plane c_{j+1} is c_j filtered by the separable B3-spline h = (1, 4, 6, 4, 1) / 16 with
// 2^j - 1 holes between the taps, and the wavelet plane w_{j+1} = c_j - c_{j+1} (blind check
// set 22: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind22/ once recorded). The planes are row-major float32 images; `step` =
// 2^j. smooth(y, x) = the sum over m, n in -2 .. 2 of h[m] h[n] c(y + m step, x + n step),
// the coordinates mirrored about the first and last rows and columns (Sparse2D's mirror
// border, OpenCV's BORDER_REFLECT_101: -1 -> 1, rows -> rows - 2; folded again as often as
// needed, so any step works on any image), detail = c - smooth. Per thread: the five row and
// five column indices mirrored once each, then 25 4 B loads from five rows `step` rows apart
// (each a run of five loads `step` columns apart: a warp's lanes read 128 contiguous bytes
// per tap, the taps of neighbouring warps and blocks overlapping in L1 and L2; rows and
// columns up to 2 step = 32 away), the weighted row sums and their weighted sum with integer
// weights (1, 4, 6, 4, 1), one multiply by 1/256 and a subtraction, two contiguous 4 B
// stores. No shared memory. float32: the test data's integers below 2^16 keep every sum
// below 2^24, so the smooth plane (multiples of 1/256) and the detail are exact. x -> column,
// y*z -> row.
#include "common.cuh"

// Index i folded into [0, n) by mirroring about 0 and n - 1 (period 2 (n - 1)).
__device__ __forceinline__ int starlet_mirror(int i, int n) {
    if (n == 1) {
        return 0;
    }
    const int period = 2 * (n - 1);
    i = abs(i) % period;
    return i < n ? i : period - i;
}

extern "C" __global__ void starlet_atrous(const float* __restrict__ c,
                                          float* __restrict__ smooth,
                                          float* __restrict__ detail, int rows, int cols,
                                          int step) {
    const int x = ga_col();
    const int y = ga_row();
    if (y >= rows || x >= cols) {
        return;
    }
    const float h[5] = {1.0f, 4.0f, 6.0f, 4.0f, 1.0f};
    int at_col[5];
#pragma unroll
    for (int n = 0; n < 5; ++n) {
        at_col[n] = starlet_mirror(x + (n - 2) * step, cols);
    }
    float acc = 0.0f;
#pragma unroll
    for (int m = 0; m < 5; ++m) {
        const float* row = c + (long long)starlet_mirror(y + (m - 2) * step, rows) * cols;
        float sum = 0.0f;
#pragma unroll
        for (int n = 0; n < 5; ++n) {
            sum += h[n] * row[at_col[n]];
        }
        acc += h[m] * sum;
    }
    const long long i = (long long)y * cols + x;
    const float value = acc * (1.0f / 256.0f);
    smooth[i] = value;
    detail[i] = c[i] - value;
}
