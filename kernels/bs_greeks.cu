// Black-Scholes greeks of European calls, the per-option sensitivities a risk engine
// recomputes for a whole book on every market-data tick (delta, gamma, vega, theta, rho), as
// quoted: spot and strike in currency units, time to expiry in calendar days (/ 365) and
// implied volatility in percent (/ 100), one risk-free rate for the book (blind check set 15:
// written after calibration, never fitted on; its sweeps go to fixtures/hopper/blind15/ once
// recorded). d1 = (ln(S / K) + (r + sigma^2 / 2) T) / (sigma sqrt T), d2 = d1 - sigma sqrt T,
// N(x) = erfc(-x / sqrt 2) / 2 (the way CUDA's normcdff is built), phi(x) = exp(-x^2 / 2) /
// sqrt(2 pi): delta = N(d1), gamma = phi(d1) / (S sigma sqrt T), vega = S phi(d1) sqrt T,
// theta = -S phi(d1) sigma / (2 sqrt T) - r K exp(-r T) N(d2) (per year), rho = K T exp(-r T)
// N(d2). Structure of arrays, one option per thread: four contiguous 4 B loads, a logf, two
// expf, two erfcf, a sqrtf and several divides, five contiguous 4 B stores. float32: the
// reference's float64 is within the manifest's tolerance. No shared memory. 1-D: the block
// is linearized.
#include "common.cuh"

#define BSG_INV_SQRT_2PI 0.3989422804014327f
#define BSG_INV_SQRT2 0.7071067811865476f

extern "C" __global__ void bs_greeks(const float* __restrict__ spot, const float* __restrict__ strike,
                                     const float* __restrict__ days,
                                     const float* __restrict__ vol_pct, float* __restrict__ delta,
                                     float* __restrict__ gamma, float* __restrict__ vega,
                                     float* __restrict__ theta, float* __restrict__ rho, float r,
                                     long long n) {
    const long long i = ga_linear();
    if (i >= n) {
        return;
    }
    const float s = spot[i];
    const float k = strike[i];
    const float t = days[i] / 365.0f;
    const float sigma = vol_pct[i] / 100.0f;
    const float sqrt_t = sqrtf(t);
    const float sig_sqrt_t = sigma * sqrt_t;
    const float d1 = (logf(s / k) + (r + 0.5f * sigma * sigma) * t) / sig_sqrt_t;
    const float d2 = d1 - sig_sqrt_t;
    const float nd1 = 0.5f * erfcf(-d1 * BSG_INV_SQRT2);
    const float nd2 = 0.5f * erfcf(-d2 * BSG_INV_SQRT2);
    const float pdf1 = BSG_INV_SQRT_2PI * expf(-0.5f * d1 * d1);
    const float disc_k = k * expf(-r * t);
    delta[i] = nd1;
    gamma[i] = pdf1 / (s * sig_sqrt_t);
    vega[i] = s * pdf1 * sqrt_t;
    theta[i] = -s * pdf1 * sigma / (2.0f * sqrt_t) - r * disc_k * nd2;
    rho[i] = disc_k * t * nd2;
}
