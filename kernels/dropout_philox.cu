// Inverted dropout in training, with its random numbers from Philox4x32-10 as deep-learning
// frameworks generate them: thread g draws one Philox block (counter (g, g >> 32, offset, 0),
// key (seed, seed >> 32), ten rounds), turns its four words into uniforms u = (w >> 8) / 2^24
// and writes out[4g + j] = u_j >= p ? x[4g + j] * scale : 0 for its four consecutive elements
// (blind check set 9: kept out of every fit; its sweeps go to fixtures/hopper/blind9/ once
// recorded). One 16 B load and one 16 B store per thread (contiguous across the warp; the
// last thread handles a partial group element by element), 20 32-bit multiplies (10 high
// halves) and integer logic in registers. No shared memory. 1-D: the block is linearized.
#include "common.cuh"

__device__ __forceinline__ void philox_round(unsigned& c0, unsigned& c1, unsigned& c2,
                                             unsigned& c3, unsigned k0, unsigned k1) {
    const unsigned hi0 = __umulhi(0xD2511F53u, c0), lo0 = 0xD2511F53u * c0;
    const unsigned hi1 = __umulhi(0xCD9E8D57u, c2), lo1 = 0xCD9E8D57u * c2;
    c0 = hi1 ^ c1 ^ k0;
    c1 = lo1;
    c2 = hi0 ^ c3 ^ k1;
    c3 = lo0;
}

extern "C" __global__ void dropout_philox(const float* __restrict__ x, float* __restrict__ out,
                                          long long n, long long seed, int offset, float p,
                                          float scale) {
    const long long g = ga_linear();
    const long long first = 4 * g;
    if (first >= n) {
        return;
    }
    unsigned c0 = (unsigned)g, c1 = (unsigned)((unsigned long long)g >> 32), c2 = offset, c3 = 0;
    unsigned k0 = (unsigned)seed, k1 = (unsigned)((unsigned long long)seed >> 32);
    for (int round = 0; round < 10; ++round) {
        if (round > 0) {
            k0 += 0x9E3779B9u;
            k1 += 0xBB67AE85u;
        }
        philox_round(c0, c1, c2, c3, k0, k1);
    }
    const float unit = 1.0f / 16777216.0f;
    const float u[4] = {(c0 >> 8) * unit, (c1 >> 8) * unit, (c2 >> 8) * unit, (c3 >> 8) * unit};
    if (first + 3 < n) {
        const float4 v = reinterpret_cast<const float4*>(x)[g];
        reinterpret_cast<float4*>(out)[g] = make_float4(
            u[0] >= p ? v.x * scale : 0.0f, u[1] >= p ? v.y * scale : 0.0f,
            u[2] >= p ? v.z * scale : 0.0f, u[3] >= p ? v.w * scale : 0.0f);
    } else {
        for (int j = 0; first + j < n; ++j) {
            out[first + j] = u[j] >= p ? x[first + j] * scale : 0.0f;
        }
    }
}
