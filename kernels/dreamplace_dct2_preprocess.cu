// The input reordering of a 2-D DCT by 2-D FFT, DREAMPlace's dct2dPreprocess (limbo018/
// DREAMPlace, dreamplace/ops/dct/src/dct2_fft2_cuda_kernel.cu, behind
// dct2dPreprocessCudaLauncher and dct2_fft2_forward: the electric-potential density
// operator's spectral solve in every global-placement iteration, the bin density map
// reordered (Makhoul's even-odd split along both axes) before the real 2-D FFT and the
// twiddled postprocess) (blind check set 67: written after calibration, never fitted on). As
// in DREAMPlace: wid = blockDim.x blockIdx.x + threadIdx.x (the column), hid the same along y
// (the row); below M rows and N columns, cond = (hid even) << 1 | (wid even) picks the
// destination y[INDEX(row, col, halfN)] (INDEX(a, b, n) = a n + b) with row hid for even hid
// and 2M - (hid + 1) for odd, col wid / 2 for even wid and N - (wid + 1) / 2 for odd, y[...] =
// x[hid N + wid]; the host's TPB x TPB (16 x 16) blocks on cdiv(N, 16) x cdiv(M, 16).
// Departures: the block the sweep's, any shape (x the column, y*z the row, z folded in).
// Reimplemented from the published source (its indexing, arithmetic and control flow; none
// of its text). Exact: a permutation (copies). 2-D: x the column, y*z the row.
#include "common.cuh"

__device__ __forceinline__ long long dp_index(long long hid, long long wid, long long n) {
    return hid * n + wid;
}

extern "C" __global__ void dreamplace_dct2_preprocess(const float* __restrict__ x,
                                                      float* __restrict__ y, int M, int N,
                                                      int halfN) {
    const int wid = ga_col();
    const int hid = ga_row();
    if (hid < M && wid < N) {
        long long index = 0;
        const int cond = (((hid & 1) == 0) << 1) | ((wid & 1) == 0);
        switch (cond) {
            case 0:  // odd row, odd column
                index = dp_index(2 * M - (hid + 1), N - (wid + 1) / 2, halfN);
                break;
            case 1:  // odd row, even column
                index = dp_index(2 * M - (hid + 1), wid / 2, halfN);
                break;
            case 2:  // even row, odd column
                index = dp_index(hid, N - (wid + 1) / 2, halfN);
                break;
            case 3:  // even row, even column
                index = dp_index(hid, wid / 2, halfN);
                break;
            default:
                break;
        }
        y[index] = x[dp_index(hid, wid, N)];
    }
}
