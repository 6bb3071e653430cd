// SHA3-256 of fixed-length messages, the Keccak-f[1600] permutation as tiny_sha3's
// sha3_keccakf (Saarinen's compact reference of FIPS 202, the loop that GPU hash crackers and
// Ethereum miners unroll: 24 rounds of theta, rho and pi by the rotc / piln tables, chi and
// iota) with sha3_init / sha3_update / sha3_final's one-block absorb and padding, one thread
// per message (blind check set 25: written after calibration, never fitted on; its sweeps go
// to fixtures/hopper/blind25/ once recorded). Messages are msg_bytes long (at most 135: one
// 136-byte rate block) and stored msg_words uint32 words apart, byte strings travelling as
// little-endian words (byte 4 w + b in byte b of word w), so Keccak's little-endian lanes are
// word pairs. The state: lanes 0 .. 16 the message bytes (zero past msg_bytes), byte msg_bytes
// XOR 0x06 (the SHA-3 domain bits and the first pad bit), byte 135 XOR 0x80 (the last pad
// bit), lanes 17 .. 24 zero; then Keccak-f[1600]; the digest is the first 32 bytes, lanes 0 ..
// 3, as eight words. Per thread: cdiv(msg_bytes, 4) 4 B loads of its record (a warp's lanes
// msg_words 4 B apart: each load instruction 32 sectors, the record's later words L1 hits),
// the 25-lane state in 50 registers, 24 rounds of some 130 64-bit XOR, AND-NOT and rotate
// operations (each two 32-bit instructions, the rotates funnel shifts: some 6,000
// instructions a message, the round constant from constant memory), and eight 4 B stores
// (lanes 32 B apart). No shared memory. Integer: exact. 1-D: the block is linearized.
#include "common.cuh"

__constant__ unsigned long long keccakf_rndc[24] = {
    0x0000000000000001ull, 0x0000000000008082ull, 0x800000000000808aull, 0x8000000080008000ull,
    0x000000000000808bull, 0x0000000080000001ull, 0x8000000080008081ull, 0x8000000000008009ull,
    0x000000000000008aull, 0x0000000000000088ull, 0x0000000080008009ull, 0x000000008000000aull,
    0x000000008000808bull, 0x800000000000008bull, 0x8000000000008089ull, 0x8000000000008003ull,
    0x8000000000008002ull, 0x8000000000000080ull, 0x000000000000800aull, 0x800000008000000aull,
    0x8000000080008081ull, 0x8000000000008080ull, 0x0000000080000001ull, 0x8000000080008008ull,
};

#define KECCAK_ROTL64(x, y) (((x) << (y)) | ((x) >> (64 - (y))))

// one message word, zero past the message's end (its partial last word masked)
__device__ __forceinline__ unsigned long long sha3_word(const unsigned* rec, int w, int len) {
    const int first = 4 * w;
    if (first >= len) {
        return 0ull;
    }
    const unsigned v = rec[w];
    const int keep = len - first;  // bytes of this word inside the message
    return keep >= 4 ? (unsigned long long)v : (unsigned long long)(v & ((1u << (8 * keep)) - 1u));
}

extern "C" __global__ void sha3_256(const unsigned* __restrict__ msg_words,
                                    unsigned* __restrict__ digest_words, long long n,
                                    int msg_words_per, int msg_bytes) {
    const long long i = ga_linear();
    if (i >= n) {
        return;
    }
    const unsigned* rec = msg_words + i * msg_words_per;
    unsigned long long st[25];
#pragma unroll
    for (int l = 0; l < 25; ++l) {
        st[l] = l < 17 ? sha3_word(rec, 2 * l, msg_bytes) |
                             (sha3_word(rec, 2 * l + 1, msg_bytes) << 32)
                       : 0ull;
    }
    // sha3_final: the domain and pad bits
#pragma unroll
    for (int l = 0; l < 17; ++l) {
        st[l] ^= l == (msg_bytes >> 3) ? 0x06ull << (8 * (msg_bytes & 7)) : 0ull;
    }
    st[16] ^= 0x80ull << 56;
    // sha3_keccakf
    unsigned long long bc[5], t;
#pragma unroll 1
    for (int r = 0; r < 24; ++r) {
        // theta
#pragma unroll
        for (int x = 0; x < 5; ++x) {
            bc[x] = st[x] ^ st[x + 5] ^ st[x + 10] ^ st[x + 15] ^ st[x + 20];
        }
#pragma unroll
        for (int x = 0; x < 5; ++x) {
            t = bc[(x + 4) % 5] ^ KECCAK_ROTL64(bc[(x + 1) % 5], 1);
#pragma unroll
            for (int y = 0; y < 25; y += 5) {
                st[y + x] ^= t;
            }
        }
        // rho and pi (keccakf_piln and keccakf_rotc written out)
        t = st[1];
#define KECCAK_RP(j, rot) bc[0] = st[j]; st[j] = KECCAK_ROTL64(t, rot); t = bc[0];
        KECCAK_RP(10, 1) KECCAK_RP(7, 3) KECCAK_RP(11, 6) KECCAK_RP(17, 10)
        KECCAK_RP(18, 15) KECCAK_RP(3, 21) KECCAK_RP(5, 28) KECCAK_RP(16, 36)
        KECCAK_RP(8, 45) KECCAK_RP(21, 55) KECCAK_RP(24, 2) KECCAK_RP(4, 14)
        KECCAK_RP(15, 27) KECCAK_RP(23, 41) KECCAK_RP(19, 56) KECCAK_RP(13, 8)
        KECCAK_RP(12, 25) KECCAK_RP(2, 43) KECCAK_RP(20, 62) KECCAK_RP(14, 18)
        KECCAK_RP(22, 39) KECCAK_RP(9, 61) KECCAK_RP(6, 20) KECCAK_RP(1, 44)
#undef KECCAK_RP
        // chi
#pragma unroll
        for (int y = 0; y < 25; y += 5) {
#pragma unroll
            for (int x = 0; x < 5; ++x) {
                bc[x] = st[y + x];
            }
#pragma unroll
            for (int x = 0; x < 5; ++x) {
                st[y + x] ^= (~bc[(x + 1) % 5]) & bc[(x + 2) % 5];
            }
        }
        // iota
        st[0] ^= keccakf_rndc[r];
    }
    unsigned* out = digest_words + i * 8;
#pragma unroll
    for (int l = 0; l < 4; ++l) {
        out[2 * l] = (unsigned)st[l];
        out[2 * l + 1] = (unsigned)(st[l] >> 32);
    }
}
