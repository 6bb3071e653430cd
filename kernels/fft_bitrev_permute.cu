// The bit-reversal permutation of a batch of radix-2 FFTs, the reordering pass that public
// CUDA Cooley-Tukey FFT codes run before (or after) their butterfly stages (blind check set 39:
// written after calibration, never fitted on). As in those codes: one thread per complex
// output element, the element's index k inside its transform of n = 2^logn points reversed by
// __brev(k) >> (32 - logn), and the output gathered from it: out[b n + k] = in[b n + rev(k)]
// (reads scattered, writes contiguous; the permutation is its own inverse). Departures: the
// batch folded into the one linear index (b = i >> logn) rather than a grid row per
// transform; the complex samples an 8-byte-aligned pair of floats (cufftComplex's layout).
// Written from memory. 1-D: the block is linearized.
#include "common.cuh"

struct alignas(8) bitrev_complex {  // cufftComplex (float2)
    float x, y;
};

extern "C" __global__ void fft_bitrev_permute(const float* inWords, float* outWords, int logn,
                                              int batch) {
    const bitrev_complex* in = reinterpret_cast<const bitrev_complex*>(inWords);
    bitrev_complex* out = reinterpret_cast<bitrev_complex*>(outWords);
    const long long i = ga_linear();
    const long long total = (long long)batch << logn;
    if (i >= total) return;
    const unsigned k = (unsigned)(i & ((1LL << logn) - 1));  // index inside the transform
    const long long b = i >> logn;                            // the transform
    const unsigned rev = __brev(k) >> (32 - logn);
    out[i] = in[(b << logn) + rev];
}
