// Ed25519 key expansion (RFC 8032 section 5.1.5): the SHA-512 digest of each 32-byte private
// seed, its first half clamped into the secret scalar (the low three bits of byte 0 cleared,
// the top bit of byte 31 cleared and the next one set) and its second half the prefix that
// signing hashes, as a GPU Ed25519 key generator does before its scalar multiplication
// (Solana's cuda-ecc-ed25519 ed25519_create_keypair, vanity-address searches), one thread per
// seed (blind check set 22: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind22/ once recorded). The seeds are byte strings of eight little-endian
// uint32 words; SHA-512 (FIPS 180-4) reads its message as big-endian 64-bit words, so two
// byte-swapped words make one: the block is the seed as four such words, the 0x80 padding byte,
// ten zero words and the message length (256 bits). One compression of 80 rounds: the 16-word
// schedule rolls in registers, the rounds run in five passes of 16 (unrolled within a pass,
// the round constants read from constant memory, the same word for every lane), 64-bit
// additions (carry chains), rotations (pairs of funnel shifts) and logic, roughly 100 32-bit
// instructions a round (half of them the message schedule's), 8,000 a seed. Out: the 64
// digest bytes (clamped) as 16 little-endian uint32 words. Per thread: eight 4 B loads of its
// 32 B seed (a warp's load instruction touches 32 words 32 B apart; the seed's later words hit
// L1), sixteen 4 B stores 64 B apart. No shared memory. Integer arithmetic: exact. 1-D: the
// block is linearized.
#include "common.cuh"

// FIPS 180-4's SHA-512 constants: the first 64 bits of the fractional parts of the cube roots
// of the first 80 primes.
__constant__ unsigned long long ed_sha512_k[80] = {
    0x428a2f98d728ae22ull, 0x7137449123ef65cdull, 0xb5c0fbcfec4d3b2full,
    0xe9b5dba58189dbbcull, 0x3956c25bf348b538ull, 0x59f111f1b605d019ull,
    0x923f82a4af194f9bull, 0xab1c5ed5da6d8118ull, 0xd807aa98a3030242ull,
    0x12835b0145706fbeull, 0x243185be4ee4b28cull, 0x550c7dc3d5ffb4e2ull,
    0x72be5d74f27b896full, 0x80deb1fe3b1696b1ull, 0x9bdc06a725c71235ull,
    0xc19bf174cf692694ull, 0xe49b69c19ef14ad2ull, 0xefbe4786384f25e3ull,
    0x0fc19dc68b8cd5b5ull, 0x240ca1cc77ac9c65ull, 0x2de92c6f592b0275ull,
    0x4a7484aa6ea6e483ull, 0x5cb0a9dcbd41fbd4ull, 0x76f988da831153b5ull,
    0x983e5152ee66dfabull, 0xa831c66d2db43210ull, 0xb00327c898fb213full,
    0xbf597fc7beef0ee4ull, 0xc6e00bf33da88fc2ull, 0xd5a79147930aa725ull,
    0x06ca6351e003826full, 0x142929670a0e6e70ull, 0x27b70a8546d22ffcull,
    0x2e1b21385c26c926ull, 0x4d2c6dfc5ac42aedull, 0x53380d139d95b3dfull,
    0x650a73548baf63deull, 0x766a0abb3c77b2a8ull, 0x81c2c92e47edaee6ull,
    0x92722c851482353bull, 0xa2bfe8a14cf10364ull, 0xa81a664bbc423001ull,
    0xc24b8b70d0f89791ull, 0xc76c51a30654be30ull, 0xd192e819d6ef5218ull,
    0xd69906245565a910ull, 0xf40e35855771202aull, 0x106aa07032bbd1b8ull,
    0x19a4c116b8d2d0c8ull, 0x1e376c085141ab53ull, 0x2748774cdf8eeb99ull,
    0x34b0bcb5e19b48a8ull, 0x391c0cb3c5c95a63ull, 0x4ed8aa4ae3418acbull,
    0x5b9cca4f7763e373ull, 0x682e6ff3d6b2b8a3ull, 0x748f82ee5defb2fcull,
    0x78a5636f43172f60ull, 0x84c87814a1f0ab72ull, 0x8cc702081a6439ecull,
    0x90befffa23631e28ull, 0xa4506cebde82bde9ull, 0xbef9a3f7b2c67915ull,
    0xc67178f2e372532bull, 0xca273eceea26619cull, 0xd186b8c721c0c207ull,
    0xeada7dd6cde0eb1eull, 0xf57d4f7fee6ed178ull, 0x06f067aa72176fbaull,
    0x0a637dc5a2c898a6ull, 0x113f9804bef90daeull, 0x1b710b35131c471bull,
    0x28db77f523047d84ull, 0x32caab7b40c72493ull, 0x3c9ebe0a15c9bebcull,
    0x431d67c49c100d4cull, 0x4cc5d4becb3e42b6ull, 0x597f299cfc657e2aull,
    0x5fcb6fab3ad6faecull, 0x6c44198c4a475817ull,
};

// The initial hash value: the square roots of the first 8 primes.
__constant__ unsigned long long ed_sha512_h0[8] = {
    0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull,
    0xa54ff53a5f1d36f1ull, 0x510e527fade682d1ull, 0x9b05688c2b3e6c1full,
    0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull,
};

__device__ __forceinline__ unsigned long long ed_rotr(unsigned long long x, int n) {
    return (x >> n) | (x << (64 - n));
}

__device__ __forceinline__ unsigned ed_bswap(unsigned x) {
    return (x >> 24) | ((x >> 8) & 0xff00u) | ((x << 8) & 0xff0000u) | (x << 24);
}

// Eight message bytes as a big-endian 64-bit word from their two little-endian uint32 words.
__device__ __forceinline__ unsigned long long ed_be64(unsigned lo, unsigned hi) {
    return ((unsigned long long)ed_bswap(lo) << 32) | ed_bswap(hi);
}

extern "C" __global__ void ed25519_expand(const unsigned* __restrict__ seeds,
                                          unsigned* __restrict__ expanded, long long n) {
    const long long s = ga_linear();
    if (s >= n) {
        return;
    }
    const unsigned* seed = seeds + s * 8;
    unsigned long long w[16];
#pragma unroll
    for (int t = 0; t < 4; ++t) {
        w[t] = ed_be64(seed[2 * t], seed[2 * t + 1]);
    }
    w[4] = 0x8000000000000000ull;  // the padding byte 0x80 after the 32 message bytes
#pragma unroll
    for (int t = 5; t < 15; ++t) {
        w[t] = 0;
    }
    w[15] = 256;  // the message length in bits
    unsigned long long a = ed_sha512_h0[0], b = ed_sha512_h0[1], c = ed_sha512_h0[2];
    unsigned long long d = ed_sha512_h0[3], e = ed_sha512_h0[4], f = ed_sha512_h0[5];
    unsigned long long g = ed_sha512_h0[6], h = ed_sha512_h0[7];
#pragma unroll 1
    for (int t0 = 0; t0 < 80; t0 += 16) {
#pragma unroll
        for (int u = 0; u < 16; ++u) {
            if (t0 > 0) {  // W[t] from W[t - 16], W[t - 15], W[t - 7] and W[t - 2]
                const unsigned long long w15 = w[(u + 1) & 15], w2 = w[(u + 14) & 15];
                w[u] += (ed_rotr(w15, 1) ^ ed_rotr(w15, 8) ^ (w15 >> 7)) + w[(u + 9) & 15] +
                        (ed_rotr(w2, 19) ^ ed_rotr(w2, 61) ^ (w2 >> 6));
            }
            const unsigned long long t1 = h + (ed_rotr(e, 14) ^ ed_rotr(e, 18) ^ ed_rotr(e, 41)) +
                                          ((e & f) ^ (~e & g)) + ed_sha512_k[t0 + u] + w[u];
            const unsigned long long t2 = (ed_rotr(a, 28) ^ ed_rotr(a, 34) ^ ed_rotr(a, 39)) +
                                          ((a & b) ^ (a & c) ^ (b & c));
            h = g;
            g = f;
            f = e;
            e = d + t1;
            d = c;
            c = b;
            b = a;
            a = t1 + t2;
        }
    }
    const unsigned long long digest[8] = {a + ed_sha512_h0[0], b + ed_sha512_h0[1],
                                          c + ed_sha512_h0[2], d + ed_sha512_h0[3],
                                          e + ed_sha512_h0[4], f + ed_sha512_h0[5],
                                          g + ed_sha512_h0[6], h + ed_sha512_h0[7]};
    unsigned* out = expanded + s * 16;
#pragma unroll
    for (int t = 0; t < 8; ++t) {  // big-endian digest words back to little-endian bytes
        unsigned lo = ed_bswap((unsigned)(digest[t] >> 32));
        unsigned hi = ed_bswap((unsigned)digest[t]);
        if (t == 0) {
            lo &= 0xfffffff8u;  // byte 0 &= 248
        } else if (t == 3) {
            hi = (hi & 0x7fffffffu) | 0x40000000u;  // byte 31 &= 127, |= 64
        }
        out[2 * t] = lo;
        out[2 * t + 1] = hi;
    }
}
