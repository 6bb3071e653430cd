// Monte Carlo price of European call options under geometric Brownian motion, as option
// pricing libraries (the CUDA samples' MonteCarlo, QuantLib-style GPU engines) value a book of
// options: for option o with spot S, strike K, T = days / 365 years and volatility sigma =
// vol_pct / 100, each of PATHS terminal prices S exp((r - sigma^2 / 2) T + sigma sqrt(T) z)
// pays max(S_T - K, 0), and price[o] = exp(-r T) times the mean payoff (blind check set 12:
// written after calibration, never fitted on; its sweeps go to fixtures/hopper/blind12/ once
// recorded). Normals come in Box-Muller pairs (z0, z1) = sqrt(-2 ln u1) (cos, sin)(2 pi u2),
// two paths a pair, from counter-based uniforms: pair j of option o hashes the counters
// c = 2 (o * PATHS / 2 + j) and c + 1 with lowbias32 (h = mix(c ^ mix(seed))), u1 = ((h1 >> 8)
// + 1) 2^-24 in (0, 1], u2 = (h2 >> 8) 2^-24. One block per option whatever its size: the
// block's threads walk the option's PATHS / 2 pairs a block's width apart (integer hashing,
// logf, sqrtf, sinf, cosf, two expf a pair; no global loads in the loop), then the payoff sums
// meet in a block reduction: __shfl_down_sync within each warp (a block that is not a
// multiple of 32 has a last warp of fewer lanes: the shuffles name only the lanes the block
// has), the warps' sums in shared memory, one barrier, a second shuffle reduction in the first
// warp, and thread 0 stores the price. float32 sums in block order: the reference's float64 is
// within the manifest's tolerance. PATHS is even. Dynamic shared memory: 4 bytes per warp.
// Every thread reaches the barrier. 1-D: the block is linearized.
#include "common.cuh"

__device__ __forceinline__ unsigned mc_mix(unsigned x) {
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

extern "C" __global__ void mc_euro_call(const float* __restrict__ spot,
                                        const float* __restrict__ strike,
                                        const int* __restrict__ days,
                                        const int* __restrict__ vol_pct,
                                        float* __restrict__ price, int options, int paths,
                                        float rate, unsigned seed) {
    extern __shared__ float mc_warp_sums[];
    const int opt = blockIdx.x;
    if (opt >= options) {
        return;  // the whole block leaves together
    }
    const unsigned tid = ga_tid();
    const unsigned threads = ga_nthreads();
    const float s0 = spot[opt], k = strike[opt];
    const float t = days[opt] * (1.0f / 365.0f);
    const float sigma = vol_pct[opt] * 0.01f;
    const float drift = (rate - 0.5f * sigma * sigma) * t;
    const float diffusion = sigma * sqrtf(t);
    const unsigned key = mc_mix(seed);
    const int pairs = paths / 2;
    const unsigned first = (unsigned)opt * (unsigned)pairs;
    float sum = 0.0f;
    for (int j = tid; j < pairs; j += threads) {
        const unsigned c = 2u * (first + (unsigned)j);
        const unsigned h1 = mc_mix(c ^ key), h2 = mc_mix((c + 1u) ^ key);
        const float u1 = (float)((h1 >> 8) + 1u) * 5.9604644775390625e-8f;  // (0, 1]
        const float u2 = (float)(h2 >> 8) * 5.9604644775390625e-8f;         // [0, 1)
        const float radius = sqrtf(-2.0f * logf(u1));
        const float angle = 6.28318530718f * u2;
        const float z0 = radius * cosf(angle), z1 = radius * sinf(angle);
        sum += fmaxf(s0 * expf(drift + diffusion * z0) - k, 0.0f);
        sum += fmaxf(s0 * expf(drift + diffusion * z1) - k, 0.0f);
    }
    const unsigned lane = tid % 32;
    const unsigned warp = tid / 32;
    const unsigned warps = (threads + 31) / 32;
    // The lanes this block has in this thread's warp (the last warp may be partial).
    const unsigned lanes = min(32u, threads - warp * 32);
    const unsigned mask = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;
    for (unsigned s = 16; s > 0; s >>= 1) {
        const float other = __shfl_down_sync(mask, sum, s);
        if (lane + s < lanes) {
            sum += other;
        }
    }
    if (lane == 0) {
        mc_warp_sums[warp] = sum;
    }
    __syncthreads();
    if (warp == 0) {
        float total = lane < warps ? mc_warp_sums[lane] : 0.0f;
        for (unsigned s = 16; s > 0; s >>= 1) {
            const float other = __shfl_down_sync(mask, total, s);
            if (lane + s < lanes) {
                total += other;
            }
        }
        if (lane == 0) {
            price[opt] = expf(-rate * t) * total / (float)(2 * pairs);
        }
    }
}
