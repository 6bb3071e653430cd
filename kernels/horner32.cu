// Degree-32 polynomial evaluated per element by Horner's rule, out[i] = sum over k of
// coef[k] x^k with x = in[i] / 1024 (blind check set 6: kept out of every fit; its sweeps go
// to fixtures/hopper/blind6/ once recorded), as when a fitted polynomial replaces an
// expensive function. One contiguous load and one contiguous store per element around a
// chain of 32 dependent FMAs; the 33 coefficients are a 132 B array that every thread reads
// at the same addresses (broadcast L1 hits). Float rounding: the manifest checks with a
// tolerance. 1-D: the block is linearized.
#include "common.cuh"

#define GA_HORNER_DEGREE 32

extern "C" __global__ void horner32(const float* __restrict__ in, const float* __restrict__ coef,
                                    float* __restrict__ out, long long n) {
    const long long i = ga_linear();
    if (i < n) {
        const float x = in[i] * (1.0f / 1024.0f);
        float acc = coef[GA_HORNER_DEGREE];
#pragma unroll
        for (int k = GA_HORNER_DEGREE - 1; k >= 0; --k) {
            acc = fmaf(acc, x, coef[k]);
        }
        out[i] = acc;
    }
}
