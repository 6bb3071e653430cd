// European call options priced on a Cox-Ross-Rubinstein binomial tree, one option per thread:
// NVIDIA's binomialOptions sample's algorithm (CUDA samples 4_Finance/binomialOptions,
// binomialOptions_gold.cpp's binomialOptionsCPU, which its kernel runs with a block per
// option) in the one-thread-per-option form public per-thread ports use (blind check set 39:
// written after calibration, never fitted on). As in the sample: dt = T / NUM_STEPS, vDt = V
// sqrt(dt), rDt = R dt, If = exp(rDt), Df = exp(-rDt), u = exp(vDt), d = exp(-vDt), pu = (If
// - d) / (u - d), pd = 1 - pu, puByDf = pu Df, pdByDf = pd Df; the leaves Call[i] = max(S
// exp(vDt (2 i - NUM_STEPS)) - X, 0) for i = 0 .. NUM_STEPS; then for i = NUM_STEPS .. 1 and
// j = 0 .. i - 1, Call[j] = puByDf Call[j + 1] + pdByDf Call[j]; the price Call[0]; R and V
// the same for every option, as the sample sets them (0.06 and 0.10). Departures: the gold
// code's double a float (the sample's GPU precision); the tree a per-thread array of
// NUM_STEPS + 1 floats (nvcc unrolls the loops and keeps it in registers) instead of the
// block's shared memory; NUM_STEPS 64
// instead of 2048 (a per-thread tree that size would not fit); S, X, T three arrays rather
// than an array of TOptionData. Written from memory. 1-D: the block is linearized.
#include "common.cuh"

#define BINO_NUM_STEPS 64

extern "C" __global__ void binomial_per_thread(float* callResult, const float* S_, const float* X_,
                                               const float* T_, float R, float V, int optN) {
    const long long opt = ga_linear();
    if (opt >= optN) return;
    float Call[BINO_NUM_STEPS + 1];
    const float S = S_[opt], X = X_[opt], T = T_[opt];
    const float dt = T / (float)BINO_NUM_STEPS;
    const float vDt = V * sqrtf(dt);
    const float rDt = R * dt;
    // per-step interest and discount factors
    const float If = expf(rDt);
    const float Df = expf(-rDt);
    // values and pseudoprobabilities of upward and downward moves
    const float u = expf(vDt);
    const float d = expf(-vDt);
    const float pu = (If - d) / (u - d);
    const float pd = 1.0f - pu;
    const float puByDf = pu * Df;
    const float pdByDf = pd * Df;
    // the option's value at expiry
    for (int i = 0; i <= BINO_NUM_STEPS; i++) {
        const float v = S * expf(vDt * (float)(2 * i - BINO_NUM_STEPS)) - X;
        Call[i] = v > 0.0f ? v : 0.0f;
    }
    // walk back to the root
    for (int i = BINO_NUM_STEPS; i > 0; i--)
        for (int j = 0; j <= i - 1; j++) Call[j] = puByDf * Call[j + 1] + pdByDf * Call[j];
    callResult[opt] = Call[0];
}
