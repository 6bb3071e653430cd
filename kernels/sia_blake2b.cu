// Proof-of-work hashing of Sia block headers, ccminer's BLAKE2b kernel for Siacoin
// (tpruvot/ccminer, sia/sia.cu: sia_blake2b_gpu_hash; BLAKE2b-256 of the 80-byte header,
// RFC 7693) (blind check set 45: written after calibration, never fitted on). As in ccminer:
// one thread per nonce (startNonce + thread), the 80-byte header's ten 64-bit message words
// with the thread's nonce in the nonce field (bytes 32-39: the nonce word m[4], its upper 32
// bits the thread's nonce), m[10..15] zero, one compression: v[0..7] the parameter-mixed h
// (IV[0] ^ 0x01010020: a 32-byte digest, no key), v[8..15] the IV, v[12] ^= 80 (the byte
// count), v[14] inverted (the last block); 12 rounds of the eight G mixes (rotations 32, 24,
// 16, 63) with the message permuted by sigma[round % 10]; h ^= v[0..7] ^ v[8..15].
// Departures: ccminer keeps the header in __constant__ memory and compares the digest's last
// word with the target, writing a matching nonce only; here the header a buffer of 20 words
// and every thread's 32-byte digest (h[0..3], little-endian words) stored; 64-bit words as
// unsigned long long with plain shifts (uint2 and SWAPUINT2/ROR24 funnel shifts there).
// Written from memory. Exact (integer arithmetic). 1-D: the block is linearized.
#include "common.cuh"

typedef unsigned long long u64;

__constant__ u64 blake2b_IV[8] = {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL,
    0xa54ff53a5f1d36f1ULL, 0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
    0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL};

__device__ __forceinline__ u64 ROTR64(u64 x, int n) { return (x >> n) | (x << (64 - n)); }

// the G mix of two message words into a column or a diagonal of v
#define G(a, b, c, d, x, y)          \
    {                                \
        a = a + b + (x);             \
        d = ROTR64(d ^ a, 32);       \
        c = c + d;                   \
        b = ROTR64(b ^ c, 24);       \
        a = a + b + (y);             \
        d = ROTR64(d ^ a, 16);       \
        c = c + d;                   \
        b = ROTR64(b ^ c, 63);       \
    }

// a round: the columns, then the diagonals, the message permuted by sigma (the permutation's
// sixteen indices spelled out, as ccminer's ROUND macros)
#define ROUND(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15) \
    {                                                                               \
        G(v[0], v[4], v[8], v[12], m[s0], m[s1]);                                   \
        G(v[1], v[5], v[9], v[13], m[s2], m[s3]);                                   \
        G(v[2], v[6], v[10], v[14], m[s4], m[s5]);                                  \
        G(v[3], v[7], v[11], v[15], m[s6], m[s7]);                                  \
        G(v[0], v[5], v[10], v[15], m[s8], m[s9]);                                  \
        G(v[1], v[6], v[11], v[12], m[s10], m[s11]);                                \
        G(v[2], v[7], v[8], v[13], m[s12], m[s13]);                                 \
        G(v[3], v[4], v[9], v[14], m[s14], m[s15]);                                 \
    }

extern "C" __global__ void sia_blake2b(const unsigned* __restrict__ header, int threads,
                                       int startNonce, unsigned* __restrict__ outputHash) {
    const int thread = (int)ga_linear();
    if (thread < threads) {
        const unsigned nonce = (unsigned)startNonce + (unsigned)thread;

        u64 m[16];
#pragma unroll
        for (int i = 0; i < 10; i++) m[i] = ((u64)header[2 * i + 1] << 32) | header[2 * i];
#pragma unroll
        for (int i = 10; i < 16; i++) m[i] = 0;
        m[4] = ((u64)nonce << 32) | header[8];  // the nonce field, bytes 32-39

        u64 h[8];
#pragma unroll
        for (int i = 0; i < 8; i++) h[i] = blake2b_IV[i];
        h[0] ^= 0x01010020ULL;  // digest length 32, fanout 1, depth 1

        u64 v[16];
#pragma unroll
        for (int i = 0; i < 8; i++) {
            v[i] = h[i];
            v[i + 8] = blake2b_IV[i];
        }
        v[12] ^= 80ULL;  // t0: the header's 80 bytes
        v[14] = ~v[14];  // f0: the last block

        // 12 rounds: sigma[r % 10]
        ROUND(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        ROUND(14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3);
        ROUND(11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4);
        ROUND(7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8);
        ROUND(9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13);
        ROUND(2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9);
        ROUND(12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11);
        ROUND(13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10);
        ROUND(6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5);
        ROUND(10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0);
        ROUND(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        ROUND(14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3);

        unsigned* out = outputHash + (long long)thread * 8;
#pragma unroll
        for (int i = 0; i < 4; i++) {
            const u64 word = h[i] ^ v[i] ^ v[i + 8];
            out[2 * i] = (unsigned)word;
            out[2 * i + 1] = (unsigned)(word >> 32);
        }
    }
}
