// Black-Scholes European call and put prices, one option per thread (blind check set 3: kept
// out of every fit, see fixtures/hopper/blind3/README.md). Three coalesced loads, two
// coalesced stores and ~60 floating-point operations with logf, expf and sqrtf per option:
// arithmetic-heavy streaming. The normal CDF is the Abramowitz-Stegun polynomial (7.1.26).
// 1-D: the block is linearized.
#include "common.cuh"

__device__ __forceinline__ float ga_cnd(float d) {
    const float k = 1.0f / (1.0f + 0.2316419f * fabsf(d));
    const float poly = k * (0.319381530f + k * (-0.356563782f + k * (1.781477937f
                       + k * (-1.821255978f + k * 1.330274429f))));
    const float pdf = 0.3989422804f * expf(-0.5f * d * d);
    const float cnd = 1.0f - pdf * poly;
    return d < 0.0f ? 1.0f - cnd : cnd;
}

extern "C" __global__ void black_scholes(const float* __restrict__ S, const float* __restrict__ K,
                                         const float* __restrict__ T, float* __restrict__ call,
                                         float* __restrict__ put, float r, float sigma, long long n) {
    const long long i = ga_linear();
    if (i >= n) {
        return;
    }
    const float s = S[i], k = K[i], t = T[i];
    const float sq = sigma * sqrtf(t);
    const float d1 = (logf(s / k) + (r + 0.5f * sigma * sigma) * t) / sq;
    const float d2 = d1 - sq;
    const float disc = k * expf(-r * t);
    call[i] = s * ga_cnd(d1) - disc * ga_cnd(d2);
    put[i] = disc * ga_cnd(-d2) - s * ga_cnd(-d1);
}
