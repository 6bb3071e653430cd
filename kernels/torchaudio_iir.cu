// torchaudio's iir_cu_kernel<float> (pytorch/audio, src/libtorchaudio/iir_cuda.cu, launched by
// cuda_lfilter_core_loop in the same file behind torchaudio.functional.lfilter on CUDA tensors:
// the recursive (denominator) half of an IIR filter, each waveform channel's output samples
// computed one after another from its input and its own earlier outputs) (blind check set 102:
// written after calibration, never fitted on). As in torchaudio: tid = blockIdx.x blockDim.x +
// threadIdx.x below n c, n_pos = tid / c, c_pos = tid % c; for i below the input's samples a0 =
// in[n_pos][c_pos][i] minus a_flipped[c_pos][j] out[n_pos][c_pos][i + j] over j below n_order -
// 1, stored at out[n_pos][c_pos][i + n_order - 1] (the padded output's first n_order - 1
// samples the initial state); the host's 256 threads on cdiv(n c, 256) blocks. Departures: the
// block any shape (linearized); the packed accessors as plain contiguous arrays; float only.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: whole-number samples and whole-number feedback coefficients in {0, 1}
// (order 3: the characteristic roots of x^2 + a1 x + a0 all of modulus at most 1, so the outputs
// grow at most linearly and stay whole numbers far below 2^24). 1-D, no shared memory, a
// per-thread loop, x NOT the contiguous dimension: lanes are consecutive channels, their rows
// n_samples * 4 B apart; per sample a 4 B input load, n_order - 1 loads of the thread's own
// recent outputs (cached) and coefficients, and a 4 B store.
#include "common.cuh"

extern "C" __global__ void torchaudio_iir(const float* in, const float* a_flipped, float* out,
                                          long long n, long long c, long long n_samples_input,
                                          long long n_order) {
    const long long tid = ga_linear();
    if (tid >= n * c) return;
    const long long n_pos = tid / c;
    const long long c_pos = tid % c;
    const long long n_samples_output = n_samples_input + n_order - 1;
    const float* x = in + (n_pos * c + c_pos) * n_samples_input;
    float* y = out + (n_pos * c + c_pos) * n_samples_output;
    const float* a = a_flipped + c_pos * n_order;
    for (long long i = 0; i < n_samples_input; ++i) {
        float acc = x[i];
        for (long long j = 0; j < n_order - 1; ++j) acc -= a[j] * y[i + j];
        y[i + n_order - 1] = acc;
    }
}
