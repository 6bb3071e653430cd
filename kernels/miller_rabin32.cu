// Deterministic Miller-Rabin primality test of consecutive odd 32-bit numbers, the test of a
// GPU prime search (prime gaps, twin and Sophie Germain candidates, the 32-bit stage of
// primality sieves) in Montgomery arithmetic (blind check set 16: written after
// calibration, never fitted on; its sweeps go to fixtures/hopper/blind16/ once recorded).
// Thread i tests n = base + 2 i (odd, above 61): n - 1 = d 2^s with d odd, and for each of
// the bases 2, 7 and 61 (enough for every n < 4,759,123,141: Jaeschke 1993) x = a^d mod n by
// right-to-left square-and-multiply, then up to s - 1 squarings looking for n - 1; a base
// that finds neither 1 nor n - 1 proves n composite and ends the thread's work (most odd
// numbers leave after base 2, the primes, about one in eleven, run all three). Montgomery
// form with R = 2^32: -n^-1 mod R by four Newton steps, R^2 mod n by one 64-bit remainder,
// then every product a 32 x 32 -> 64-bit multiply, a 32-bit multiply, a second wide multiply
// and a conditional subtraction (REDC written for moduli up to 2^32: the carry of the low
// halves added separately). No loads: one 4 B store per thread (1 for a prime, 0 for a
// composite); integer arithmetic, exact. 1-D: the block is linearized.
#include "common.cuh"

__device__ __forceinline__ unsigned mr_mont_mul(unsigned a, unsigned b, unsigned n,
                                                unsigned neg_inv) {
    const unsigned long long t = (unsigned long long)a * b;
    const unsigned m = (unsigned)t * neg_inv;  // t + m n = 0 mod 2^32
    const unsigned long long mn = (unsigned long long)m * n;
    const unsigned long long u = (t >> 32) + (mn >> 32) + ((unsigned)t != 0u);  // < 2 n
    return (unsigned)(u >= n ? u - n : u);
}

extern "C" __global__ void miller_rabin32(int* __restrict__ is_prime, long long count,
                                          unsigned base) {
    const long long i = ga_linear();
    if (i >= count) {
        return;
    }
    const unsigned n = base + 2u * (unsigned)i;
    unsigned inv = n;  // n^-1 mod 2^32: right to 3 bits, each Newton step doubles them
    for (int k = 0; k < 4; ++k) {
        inv *= 2u - n * inv;
    }
    const unsigned neg_inv = 0u - inv;
    const unsigned r2 = (unsigned)((0ull - (unsigned long long)n) % n);  // 2^64 mod n
    const unsigned one = mr_mont_mul(1u, r2, n, neg_inv);                // R mod n
    const unsigned minus_one = n - one;
    unsigned d = n - 1u;
    int s = 0;
    while ((d & 1u) == 0u) {
        d >>= 1;
        ++s;
    }
    int prime = 1;
    for (int b = 0; b < 3 && prime; ++b) {
        const unsigned a = b == 0 ? 2u : (b == 1 ? 7u : 61u);
        unsigned power = mr_mont_mul(a, r2, n, neg_inv);  // a R mod n
        unsigned x = one;
        for (unsigned e = d; e != 0u; e >>= 1) {  // right-to-left square-and-multiply
            if (e & 1u) {
                x = mr_mont_mul(x, power, n, neg_inv);
            }
            power = mr_mont_mul(power, power, n, neg_inv);
        }
        if (x == one || x == minus_one) {
            continue;
        }
        prime = 0;
        for (int r = 1; r < s; ++r) {
            x = mr_mont_mul(x, x, n, neg_inv);
            if (x == minus_one) {
                prime = 1;
                break;
            }
        }
    }
    is_prime[i] = prime;
}
