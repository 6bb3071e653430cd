// Price and Macaulay duration of fixed-rate bullet bonds from their yields, as a fixed-income
// risk batch revalues a portfolio: face 100, semiannual coupons of coupon_bp / 10^4 * 100 / 2,
// periods[b] coupons left, discount factor (1 + y / 2)^-k with y = yield_bp / 10^4;
// price = sum_k c df_k + 100 df_n and duration = (sum_k k c df_k + n 100 df_n) / price / 2
// years (blind check set 11: kept out of every fit; its sweeps go to fixtures/hopper/blind11/
// once recorded). One thread per bond: three contiguous 4 B loads, a loop of periods[b]
// (1 to 60: lanes of a warp run different trip counts) multiply-adds in float32, a division,
// two contiguous 4 B stores. No shared memory. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void bond_price(const int* __restrict__ coupon_bp,
                                      const int* __restrict__ yield_bp,
                                      const int* __restrict__ periods,
                                      float* __restrict__ price, float* __restrict__ duration,
                                      long long n) {
    const long long b = ga_linear();
    if (b >= n) {
        return;
    }
    const float c = coupon_bp[b] * 0.005f;  // bp / 10^4 * 100 / 2
    const float d = 1.0f / (1.0f + yield_bp[b] * 0.00005f);
    const int np = periods[b];
    float df = 1.0f, pv = 0.0f, weighted = 0.0f;
    for (int k = 1; k <= np; ++k) {
        df *= d;
        pv += c * df;
        weighted += k * c * df;
    }
    pv += 100.0f * df;
    weighted += np * 100.0f * df;
    price[b] = pv;
    duration[b] = weighted / pv * 0.5f;
}
