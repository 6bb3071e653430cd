// ChaCha20 stream encryption (RFC 8439), as GPU bulk-encryption and TLS offload code runs it:
// the 64-byte block i of the message is XORed with the ChaCha20 block function of the
// 256-bit key, the 96-bit nonce and the 32-bit block counter counter0 + i (state: the four
// "expand 32-byte k" constants, the key's eight words, the counter and the nonce's three
// words; 20 rounds, ten double rounds of four column and four diagonal quarter-rounds of
// add, xor and rotate; the input state added back), words little-endian (blind check set 13:
// written after calibration, never fitted on; its sweeps go to fixtures/hopper/blind13/ once
// recorded). One thread per 64-byte block: the key and nonce from global memory (broadcast
// L1 hits), 80 quarter-rounds in registers (about 1,000 integer operations), then sixteen
// 4 B loads and sixteen 4 B stores of the block's words (a thread's words are contiguous,
// neighbouring lanes 64 B apart: each load instruction touches 32 sectors that the next
// fifteen reuse). Integer arithmetic: exact. No shared memory. 1-D: the block is linearized.
#include "common.cuh"

__device__ __forceinline__ unsigned chacha_rotl(unsigned v, int c) {
    return (v << c) | (v >> (32 - c));
}

#define CHACHA_QR(a, b, c, d)               \
    a += b; d ^= a; d = chacha_rotl(d, 16); \
    c += d; b ^= c; b = chacha_rotl(b, 12); \
    a += b; d ^= a; d = chacha_rotl(d, 8);  \
    c += d; b ^= c; b = chacha_rotl(b, 7);

extern "C" __global__ void chacha20_xor(const unsigned* __restrict__ plain,
                                        unsigned* __restrict__ cipher,
                                        const unsigned* __restrict__ key,
                                        const unsigned* __restrict__ nonce, long long nblocks,
                                        unsigned counter0) {
    const long long i = ga_linear();
    if (i >= nblocks) {
        return;
    }
    unsigned s[16];
    s[0] = 0x61707865u;  // "expa"
    s[1] = 0x3320646eu;  // "nd 3"
    s[2] = 0x79622d32u;  // "2-by"
    s[3] = 0x6b206574u;  // "te k"
#pragma unroll
    for (int k = 0; k < 8; ++k) {
        s[4 + k] = key[k];
    }
    s[12] = counter0 + (unsigned)i;
    s[13] = nonce[0];
    s[14] = nonce[1];
    s[15] = nonce[2];
    unsigned w[16];
#pragma unroll
    for (int k = 0; k < 16; ++k) {
        w[k] = s[k];
    }
    for (int round = 0; round < 10; ++round) {
        CHACHA_QR(w[0], w[4], w[8], w[12])
        CHACHA_QR(w[1], w[5], w[9], w[13])
        CHACHA_QR(w[2], w[6], w[10], w[14])
        CHACHA_QR(w[3], w[7], w[11], w[15])
        CHACHA_QR(w[0], w[5], w[10], w[15])
        CHACHA_QR(w[1], w[6], w[11], w[12])
        CHACHA_QR(w[2], w[7], w[8], w[13])
        CHACHA_QR(w[3], w[4], w[9], w[14])
    }
    const unsigned* in = plain + 16 * i;
    unsigned* out = cipher + 16 * i;
#pragma unroll
    for (int k = 0; k < 16; ++k) {
        out[k] = in[k] ^ (w[k] + s[k]);
    }
}
