// Greatest common divisors of a batch of 64-bit integer pairs by Stein's binary algorithm in
// GMP's branch-free form, mpn_gcd_11 (mpn/generic/gcd_11.c, the single-limb case of mpz_gcd
// and mpn_gcd: the odd parts held without their low one bit, t = u - v, its top bit the mask
// of v > u, v <- min(u, v), u <- |u - v| >> (ctz(t) + 1)), wrapped as mpz_gcd does (the
// common power of two split off first, gcd(0, b) = b), one thread per pair: the coprimality
// tests of a batch-GCD scan or the fraction reductions of exact rational arithmetic (blind
// check set 23: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind23/ once recorded). Operands are int64 in [0, 2^63). Per thread: two
// contiguous 8 B loads, then about 0.7 iterations per bit of the operands (some 43 for random
// 62-bit pairs; the warp runs until its slowest lane is done: divergent trip counts), each a
// 64-bit subtraction, mask, add, xor and a count of trailing zeros (a leading-zero count of
// the isolated low bit) with a 64-bit shift, some 15 32-bit instructions, and one contiguous
// 8 B store: compute-bound. No shared memory. Integer: exact. 1-D: the block is linearized.
#include "common.cuh"

// Trailing zero bits of a nonzero 64-bit value.
__device__ __forceinline__ int gcd_ctz(unsigned long long x) {
    return 63 - __clzll((long long)(x & (~x + 1)));
}

extern "C" __global__ void binary_gcd64(const long long* __restrict__ a,
                                        const long long* __restrict__ b,
                                        long long* __restrict__ g, long long n) {
    const long long i = ga_linear();
    if (i >= n) {
        return;
    }
    unsigned long long u = (unsigned long long)a[i], v = (unsigned long long)b[i];
    if (u == 0 || v == 0) {
        g[i] = (long long)(u | v);
        return;
    }
    const int twos = gcd_ctz(u | v);  // the common power of two
    u >>= gcd_ctz(u);
    v >>= gcd_ctz(v);
    // mpn_gcd_11 on the odd parts, each without its low one bit (so t's top bit says v > u)
    u >>= 1;
    v >>= 1;
    while (u != v) {
        const unsigned long long t = u - v;
        const unsigned long long vgtu = (unsigned long long)((long long)t >> 63);
        v += vgtu & t;                // v <- min(u, v)
        u = (t ^ vgtu) - vgtu;        // u <- |u - v|
        u = (u >> 1) >> gcd_ctz(t);  // |u - v| is even: drop its twos (and the low bit)
    }
    g[i] = (long long)(((u << 1) + 1) << twos);
}
