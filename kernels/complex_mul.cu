// Element-wise product of two interleaved complex float32 arrays, out[i] = a[i] * b[i]
// (blind check set 5: kept out of every fit, see fixtures/hopper/blind5/README.md). Each
// complex value is a (re, im) pair with float2's layout and 8 B alignment, so a thread makes
// two 8 B loads and one 8 B store: a warp's access is 256 B, two 128 B lines. Integer inputs
// keep the products exact. 1-D: the block is linearized.
#include "common.cuh"

// One interleaved complex float32: float2's layout and alignment (one 64-bit load or store).
struct alignas(8) ga_cfloat {
    float re, im;
};

extern "C" __global__ void complex_mul(const float* __restrict__ a, const float* __restrict__ b,
                                       float* __restrict__ out, long long n) {
    const long long i = ga_linear();
    if (i < n) {
        const ga_cfloat x = reinterpret_cast<const ga_cfloat*>(a)[i];
        const ga_cfloat y = reinterpret_cast<const ga_cfloat*>(b)[i];
        ga_cfloat z;
        z.re = x.re * y.re - x.im * y.im;
        z.im = x.re * y.im + x.im * y.re;
        reinterpret_cast<ga_cfloat*>(out)[i] = z;
    }
}
