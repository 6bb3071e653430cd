// The direct 2-D convolution of cuSignal's convolve2d, _cupy_convolve_2d (rapidsai/cusignal,
// python/cusignal/convolution/_convolve_kernels.py, launched by _convolve2d_gpu in
// _convolution_cuda.py behind cusignal.convolve2d (and correlate2d with the kernel flipped):
// scipy.signal.convolve2d's GPU drop-in, e.g. a 'same' filtering of each frame of a sensor
// or image stream with a small non-square kernel, the host padding the frame beforehand by
// cp.pad with the boundary mode) (blind check set 67: written after calibration, never fitted
// on). As in cuSignal: ty = the x index (the output column), tx = the y index (the output
// row); for an odd square kernel (pick 1) i = tx + S0, j = ty + S0 and the sum over k, l in
// [-S0, S0] of inp[(i + k) inpW + j + l] kernel[(S0 - k) kerW + S0 - l]; an even square one
// (pick 2) k, l in [-S0, S0) with kernel[(S0 - k - 1) kerW + S0 - l - 1]; a non-square one
// (pick 3: S0, S1 its rows and columns) i = tx + S1 and the sum over k < S0, l < S1 of
// inp[(i + k - S1) inpW + j + l - S0] kernel[(S0 - k - 1) kerH + S1 - l - 1]; below outH rows
// and outW columns, out[tx outW + ty] = the sum; the host's 16 x 16 blocks. Departures: the
// block the sweep's, any shape (x the output column, y*z its row, z folded in); the padded
// frame an input buffer (the host's cp.pad not part of the kernel). Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// whole-number samples and taps (every product and partial sum an integer below 2^24,
// contracted or not). 2-D: x the output column, y*z its row.
#include "common.cuh"

extern "C" __global__ void cusignal_convolve2d(const float* __restrict__ inp, int inpW,
                                               int inpH, const float* __restrict__ kernel,
                                               int kerW, int kerH, int S0, int S1,
                                               float* __restrict__ out, int outW, int outH,
                                               int pick) {
    const int ty = ga_col();
    const int tx = ga_row();
    const int i = (pick != 3) ? tx + S0 : tx + S1;
    const int j = ty + S0;
    if (tx >= outH || ty >= outW) return;

    float temp = 0.0f;
    if (pick == 1) {  // an odd square kernel
        for (int k = -S0; k < S0 + 1; k++) {
            for (int l = -S0; l < S0 + 1; l++) {
                temp += inp[(long long)(i + k) * inpW + (j + l)] *
                        kernel[(S0 - k) * kerW + (S0 - l)];
            }
        }
    } else if (pick == 2) {  // an even square kernel
        for (int k = -S0; k < S0; k++) {
            for (int l = -S0; l < S0; l++) {
                temp += inp[(long long)(i + k) * inpW + (j + l)] *
                        kernel[(S0 - k - 1) * kerW + (S0 - l - 1)];
            }
        }
    } else {  // a non-square kernel of S0 rows and S1 columns
        for (int k = 0; k < S0; k++) {
            for (int l = 0; l < S1; l++) {
                temp += inp[(long long)(i + k - S1) * inpW + (j + l - S0)] *
                        kernel[(S0 - k - 1) * kerH + (S1 - l - 1)];
            }
        }
    }
    out[(long long)tx * outW + ty] = temp;
}
