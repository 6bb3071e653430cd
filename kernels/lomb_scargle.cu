// Lomb-Scargle periodogram of an irregularly sampled time series (variable-star and
// exoplanet period searches, as GPU period-finding codes such as cuvarbase compute it
// directly): for each trial angular frequency w_k = (k + 1) dw, with S = sum y sin(w t),
// C = sum y cos(w t), SS = sum sin^2, CC = sum cos^2, CS = sum sin cos over the N
// observations (t_i, y_i) (y already mean-subtracted), the time offset tau of
// tan(2 w tau) = 2 CS / (CC - SS) and, with c = cos(w tau), s = sin(w tau),
// P = ((C c + S s)^2 / (c^2 CC + 2 c s CS + s^2 SS) + (S c - C s)^2 / (c^2 SS - 2 c s CS +
// s^2 CC)) / 2, the classic (Scargle 1982) unnormalized power (blind check set 15: written
// after calibration, never fitted on; its sweeps go to fixtures/hopper/blind15/ once
// recorded). One block per trial frequency whatever its size, on a fixed grid: the block's
// threads walk the N observations a block's width apart (two contiguous 4 B loads, shared by
// every block through L2, a float32 phase w t and a sincosf with its full range reduction,
// five multiply-adds), then a shared-memory tree reduction of the five partial sums for any
// block size (the threads beyond the largest power of two below the block size folded in
// first, then halving steps; a barrier each step), and thread 0 finishes: an atan2f, a
// sincosf, the power and one 4 B store per block. Dynamic shared memory: 20 bytes a thread.
// Every thread reaches every barrier. float32 sums: within the manifest's tolerance of the
// reference's float64 sums. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void lomb_scargle(const float* __restrict__ t, const float* __restrict__ y,
                                        float* __restrict__ power, int nfreq, int nobs,
                                        float dw) {
    extern __shared__ float ls_smem[];
    const int f = blockIdx.x;
    if (f >= nfreq) {
        return;  // the whole block leaves together
    }
    const unsigned tid = ga_tid();
    const unsigned threads = ga_nthreads();
    const float w = dw * (float)(f + 1);
    float ys = 0.0f, yc = 0.0f, ss = 0.0f, cc = 0.0f, cs = 0.0f;
    for (int i = (int)tid; i < nobs; i += (int)threads) {
        const float phase = w * t[i];
        float sn, cn;
        sincosf(phase, &sn, &cn);
        const float yi = y[i];
        ys += yi * sn;
        yc += yi * cn;
        ss += sn * sn;
        cc += cn * cn;
        cs += sn * cn;
    }
    float* p_ys = ls_smem;
    float* p_yc = p_ys + threads;
    float* p_ss = p_yc + threads;
    float* p_cc = p_ss + threads;
    float* p_cs = p_cc + threads;
    p_ys[tid] = ys;
    p_yc[tid] = yc;
    p_ss[tid] = ss;
    p_cc[tid] = cc;
    p_cs[tid] = cs;
    __syncthreads();
    unsigned step = 1;  // the largest power of two below the block size (0 for one thread)
    while (step < threads) {
        step <<= 1;
    }
    for (step >>= 1; step > 0; step >>= 1) {
        if (tid < step && tid + step < threads) {
            p_ys[tid] += p_ys[tid + step];
            p_yc[tid] += p_yc[tid + step];
            p_ss[tid] += p_ss[tid + step];
            p_cc[tid] += p_cc[tid + step];
            p_cs[tid] += p_cs[tid + step];
        }
        __syncthreads();
    }
    if (tid == 0) {
        const float S = p_ys[0], C = p_yc[0], SS = p_ss[0], CC = p_cc[0], CS = p_cs[0];
        const float two_wtau = atan2f(2.0f * CS, CC - SS);
        float s, c;
        sincosf(0.5f * two_wtau, &s, &c);
        const float num_c = C * c + S * s;
        const float num_s = S * c - C * s;
        const float den_c = c * c * CC + 2.0f * c * s * CS + s * s * SS;
        const float den_s = c * c * SS - 2.0f * c * s * CS + s * s * CC;
        power[f] = 0.5f * (num_c * num_c / den_c + num_s * num_s / den_s);
    }
}
