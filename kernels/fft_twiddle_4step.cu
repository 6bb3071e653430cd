// The twiddle multiplication between the two passes of a four-step (Bailey) FFT of n = n1 n2
// points held as an n1 x n2 complex matrix, the middle step of the four-step FFTs in public
// GPU FFT codes (blind check set 39: written after calibration, never fitted on): after the
// n2-point transforms along the rows, element (r, c) is multiplied by W_n^(r c) = exp(-2 pi i
// r c / n) before the n1-point transforms along the columns. As in those codes: the exponent
// r c reduced mod n in integers, the twiddle from sinf / cosf of -2 pi k / n, a complex
// multiply in place. Departures: the twiddle computed per element rather than read from a
// precomputed table or with sincospif (sinf and cosf, IEEE-accurate to a few ulp); the
// complex samples an 8-byte-aligned pair of floats. Written from memory. x -> column c,
// y*z -> row r.
#include "common.cuh"

struct alignas(8) tw_complex {  // cufftComplex (float2)
    float x, y;
};

extern "C" __global__ void fft_twiddle_4step(float* dataWords, int n1, int n2) {
    tw_complex* data = reinterpret_cast<tw_complex*>(dataWords);
    const int c = ga_col(), r = ga_row();
    if (c >= n2 || r >= n1) return;
    const long long n = (long long)n1 * n2;
    const long long k = ((long long)r * c) % n;
    const float angle = -6.283185307179586f * (float)k / (float)n;
    const float s = sinf(angle), co = cosf(angle);
    const long long idx = (long long)r * n2 + c;
    const tw_complex v = data[idx];
    tw_complex w;
    w.x = v.x * co - v.y * s;
    w.y = v.x * s + v.y * co;
    data[idx] = w;
}
