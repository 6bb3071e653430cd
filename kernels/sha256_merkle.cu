// One level of a SHA-256 Merkle tree: parent[i] = SHA-256(child[2i] || child[2i+1]) (blind
// check set 8: kept out of every fit; its sweeps go to fixtures/hopper/blind8/ once
// recorded), as when blockchain nodes, content-addressed stores and proof systems hash
// millions of leaves. Each thread hashes one 64-byte message (two 32-byte digests): two
// 64-round compressions (the message block, then the constant padding block, whose schedule
// the compiler folds), all in registers, a few thousand integer operations per thread.
// Digests are byte strings: words are loaded little-endian and byte-swapped to SHA-256's
// big-endian words, and the result is swapped back, so the output bytes are the standard
// digest. Each thread loads 16 words of its 64 B message (a warp's load instruction touches
// 32 words 64 B apart; the message's later words hit L1) and stores 8 words (32 B apart).
// Integer arithmetic: exact. 1-D: the block is linearized.
#include "common.cuh"

__constant__ unsigned ga_sha256_k[64] = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu, 0x59f111f1u, 0x923f82a4u,
    0xab1c5ed5u, 0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u, 0x72be5d74u, 0x80deb1feu,
    0x9bdc06a7u, 0xc19bf174u, 0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu, 0x2de92c6fu,
    0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau, 0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u,
    0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u, 0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu,
    0x53380d13u, 0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u, 0xa2bfe8a1u, 0xa81a664bu,
    0xc24b8b70u, 0xc76c51a3u, 0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u, 0x19a4c116u,
    0x1e376c08u, 0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
    0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u, 0x90befffau, 0xa4506cebu, 0xbef9a3f7u,
    0xc67178f2u};

__device__ __forceinline__ unsigned ga_rotr(unsigned x, int n) {
    return (x >> n) | (x << (32 - n));
}

__device__ __forceinline__ unsigned ga_bswap(unsigned x) {
    return (x >> 24) | ((x >> 8) & 0xff00u) | ((x << 8) & 0xff0000u) | (x << 24);
}

// One compression of the 16-word block w (consumed: it holds the rolling schedule).
__device__ __forceinline__ void ga_sha256_compress(unsigned* state, unsigned* w) {
    unsigned a = state[0], b = state[1], c = state[2], d = state[3];
    unsigned e = state[4], f = state[5], g = state[6], h = state[7];
#pragma unroll
    for (int t = 0; t < 64; ++t) {
        if (t >= 16) {
            const unsigned w15 = w[(t - 15) & 15];
            const unsigned w2 = w[(t - 2) & 15];
            const unsigned s0 = ga_rotr(w15, 7) ^ ga_rotr(w15, 18) ^ (w15 >> 3);
            const unsigned s1 = ga_rotr(w2, 17) ^ ga_rotr(w2, 19) ^ (w2 >> 10);
            w[t & 15] += s0 + w[(t - 7) & 15] + s1;
        }
        const unsigned big1 = ga_rotr(e, 6) ^ ga_rotr(e, 11) ^ ga_rotr(e, 25);
        const unsigned choose = (e & f) ^ (~e & g);
        const unsigned t1 = h + big1 + choose + ga_sha256_k[t] + w[t & 15];
        const unsigned big0 = ga_rotr(a, 2) ^ ga_rotr(a, 13) ^ ga_rotr(a, 22);
        const unsigned majority = (a & b) ^ (a & c) ^ (b & c);
        h = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + big0 + majority;
    }
    state[0] += a;
    state[1] += b;
    state[2] += c;
    state[3] += d;
    state[4] += e;
    state[5] += f;
    state[6] += g;
    state[7] += h;
}

extern "C" __global__ void sha256_merkle(const unsigned* __restrict__ children,
                                         unsigned* __restrict__ parents, long long n) {
    const long long i = ga_linear();
    if (i >= n) {
        return;
    }
    unsigned state[8] = {0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au,
                         0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u};
    unsigned w[16];
    const unsigned* message = children + i * 16;
#pragma unroll
    for (int k = 0; k < 16; ++k) {
        w[k] = ga_bswap(message[k]);
    }
    ga_sha256_compress(state, w);
    // The padding block of a 64-byte message: the 1 bit, zeros, the length in bits (512).
#pragma unroll
    for (int k = 0; k < 16; ++k) {
        w[k] = k == 0 ? 0x80000000u : (k == 15 ? 512u : 0u);
    }
    ga_sha256_compress(state, w);
#pragma unroll
    for (int k = 0; k < 8; ++k) {
        parents[i * 8 + k] = ga_bswap(state[k]);
    }
}
