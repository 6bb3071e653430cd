// Rational-rate polyphase resampling of an audio stream, as sample-rate converters
// (32 kHz to 48 kHz: up 3, down 2) and scipy.signal.resample_poly / upfirdn compute it:
// y[n] = sum over k < TAPS of h[phase + UP k] x[base - k], base = floor(n DOWN / UP),
// phase = n DOWN mod UP, the prototype low-pass h of UP * TAPS coefficients split into UP
// phases of TAPS taps (x[j] = 0 before the stream starts), which is upfirdn(h, x, UP, DOWN)
// (blind check set 13: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind13/ once recorded). Integer-valued float32 samples (12-bit) and
// coefficients (Q6 fixed point): the sums are exact. One thread per output sample, the
// block's inputs staged in shared memory: the block's threads first copy the UP * TAPS
// coefficients and the input window its outputs need (x[base(n0) - TAPS + 1] ..
// x[base(n_last)], about threads * DOWN / UP + TAPS samples, contiguous 4 B loads in linear
// thread order, zeros outside the stream) to shared memory, wait at the barrier, then each
// thread sums its TAPS products from shared memory (neighbouring threads read neighbouring
// samples; the three phases' coefficients differ between lanes) and stores one contiguous
// 4 B output. Dynamic shared memory: 4 * (UP * TAPS + TAPS + 1 + floor(DOWN (threads - 1) /
// UP)) bytes. Every thread reaches the barrier. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void resample_poly(const float* __restrict__ x, const float* __restrict__ h,
                                         float* __restrict__ y, long long n, long long nin,
                                         int up, int down, int taps) {
    extern __shared__ float rs_smem[];
    float* hs = rs_smem;               // up * taps coefficients
    float* xs = rs_smem + up * taps;   // the block's input window
    const unsigned tid = ga_tid();
    const unsigned threads = ga_nthreads();
    const long long first = (long long)blockIdx.x * threads;  // the block's first output
    const long long last = min(first + (long long)threads, n) - 1;
    const long long lo = first * down / up - (taps - 1);       // the window's first input
    const int count = (int)(last * down / up - lo + 1);
    for (int t = (int)tid; t < up * taps; t += (int)threads) {
        hs[t] = h[t];
    }
    for (int t = (int)tid; t < count; t += (int)threads) {
        const long long j = lo + t;
        xs[t] = (j >= 0 && j < nin) ? x[j] : 0.0f;
    }
    __syncthreads();
    const long long i = first + tid;
    if (i >= n) {
        return;
    }
    const long long pos = i * down;
    const int phase = (int)(pos % up);
    const float* xw = xs + (pos / up - lo);  // x[base] in the window
    float acc = 0.0f;
    for (int k = 0; k < taps; ++k) {
        acc += hs[phase + up * k] * xw[-k];
    }
    y[i] = acc;
}
