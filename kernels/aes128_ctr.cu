// AES-128 in counter mode, OpenSSL's T-table AES_encrypt (crypto/aes/aes_core.c: the state as
// four big-endian words, nine rounds of sixteen lookups in the 1 KiB tables Te0 .. Te3 XORed
// with the round key, the last round's S-box taken from the same tables by masks) driven by
// CRYPTO_ctr128_encrypt (crypto/modes/ctr.c: block j encrypts the 128-bit big-endian counter
// IV + j and XORs it into the data), one thread per 16-byte block, the tables staged in shared
// memory as GPU AES implementations keep them (blind check set 24: written after calibration,
// never fitted on; its sweeps go to fixtures/hopper/blind24/ once recorded). rk is the
// expanded key, OpenSSL's AES_KEY rd_key (44 words for 10 rounds, from AES_set_encrypt_key);
// iv_words, plain_words and cipher_words are byte strings travelling as little-endian uint32
// words (byte 4 w + b in byte b of word w), so a big-endian state word is a byte-swapped data
// word. Te0[x] = (02 S[x], S[x], S[x], 03 S[x]) from the most significant byte down (FIPS-197's
// MixColumns column of S[x]) and Te1, Te2, Te3 = Te0 rotated right by 8, 16 and 24 bits, as
// aes_core.c's tables; each block builds the four of them (1024 words, 4 KiB) in dynamic
// shared memory from the S-box in constant memory, the threads taking the 256 entries in
// turn for any block size, then one barrier. Per thread: the counter (a 64-bit add with
// carry), the first AddRoundKey, 9 rounds of 16 data-dependent 4 B shared loads (a warp's
// lanes at 32 random entries of each table: bank conflicts), 16 XORs, the round key's 4
// words (the same for every lane), then the last round's 16 masked loads, four 4 B plaintext
// loads (a warp's lanes 16 B apart: 4 instructions of 512 contiguous bytes) and four stores
// likewise: some 500 instructions and 160 shared loads a block. Dynamic shared memory: 4096
// bytes. Integer: exact. 1-D: the block is linearized.
#include "common.cuh"

// FIPS-197's S-box (Figure 7): the multiplicative inverse in GF(2^8) followed by the affine
// map.
__constant__ unsigned char aes_sbox[256] = {
    0x63, 0x7c, 0x77, 0x7b, 0xf2, 0x6b, 0x6f, 0xc5, 0x30, 0x01, 0x67, 0x2b, 0xfe, 0xd7, 0xab, 0x76,
    0xca, 0x82, 0xc9, 0x7d, 0xfa, 0x59, 0x47, 0xf0, 0xad, 0xd4, 0xa2, 0xaf, 0x9c, 0xa4, 0x72, 0xc0,
    0xb7, 0xfd, 0x93, 0x26, 0x36, 0x3f, 0xf7, 0xcc, 0x34, 0xa5, 0xe5, 0xf1, 0x71, 0xd8, 0x31, 0x15,
    0x04, 0xc7, 0x23, 0xc3, 0x18, 0x96, 0x05, 0x9a, 0x07, 0x12, 0x80, 0xe2, 0xeb, 0x27, 0xb2, 0x75,
    0x09, 0x83, 0x2c, 0x1a, 0x1b, 0x6e, 0x5a, 0xa0, 0x52, 0x3b, 0xd6, 0xb3, 0x29, 0xe3, 0x2f, 0x84,
    0x53, 0xd1, 0x00, 0xed, 0x20, 0xfc, 0xb1, 0x5b, 0x6a, 0xcb, 0xbe, 0x39, 0x4a, 0x4c, 0x58, 0xcf,
    0xd0, 0xef, 0xaa, 0xfb, 0x43, 0x4d, 0x33, 0x85, 0x45, 0xf9, 0x02, 0x7f, 0x50, 0x3c, 0x9f, 0xa8,
    0x51, 0xa3, 0x40, 0x8f, 0x92, 0x9d, 0x38, 0xf5, 0xbc, 0xb6, 0xda, 0x21, 0x10, 0xff, 0xf3, 0xd2,
    0xcd, 0x0c, 0x13, 0xec, 0x5f, 0x97, 0x44, 0x17, 0xc4, 0xa7, 0x7e, 0x3d, 0x64, 0x5d, 0x19, 0x73,
    0x60, 0x81, 0x4f, 0xdc, 0x22, 0x2a, 0x90, 0x88, 0x46, 0xee, 0xb8, 0x14, 0xde, 0x5e, 0x0b, 0xdb,
    0xe0, 0x32, 0x3a, 0x0a, 0x49, 0x06, 0x24, 0x5c, 0xc2, 0xd3, 0xac, 0x62, 0x91, 0x95, 0xe4, 0x79,
    0xe7, 0xc8, 0x37, 0x6d, 0x8d, 0xd5, 0x4e, 0xa9, 0x6c, 0x56, 0xf4, 0xea, 0x65, 0x7a, 0xae, 0x08,
    0xba, 0x78, 0x25, 0x2e, 0x1c, 0xa6, 0xb4, 0xc6, 0xe8, 0xdd, 0x74, 0x1f, 0x4b, 0xbd, 0x8b, 0x8a,
    0x70, 0x3e, 0xb5, 0x66, 0x48, 0x03, 0xf6, 0x0e, 0x61, 0x35, 0x57, 0xb9, 0x86, 0xc1, 0x1d, 0x9e,
    0xe1, 0xf8, 0x98, 0x11, 0x69, 0xd9, 0x8e, 0x94, 0x9b, 0x1e, 0x87, 0xe9, 0xce, 0x55, 0x28, 0xdf,
    0x8c, 0xa1, 0x89, 0x0d, 0xbf, 0xe6, 0x42, 0x68, 0x41, 0x99, 0x2d, 0x0f, 0xb0, 0x54, 0xbb, 0x16,
};

__device__ __forceinline__ unsigned aes_bswap(unsigned x) {
    return (x >> 24) | ((x >> 8) & 0xff00u) | ((x << 8) & 0xff0000u) | (x << 24);
}

__device__ __forceinline__ unsigned aes_rotr(unsigned x, int n) {
    return (x >> n) | (x << (32 - n));
}

extern "C" __global__ void aes128_ctr(const unsigned* __restrict__ rk,
                                      const unsigned* __restrict__ iv_words,
                                      const unsigned* __restrict__ plain_words,
                                      unsigned* __restrict__ cipher_words, long long n) {
    extern __shared__ unsigned aes_te[];  // Te0, Te1, Te2, Te3: 256 words each
    const unsigned* te0 = aes_te;
    const unsigned* te1 = aes_te + 256;
    const unsigned* te2 = aes_te + 512;
    const unsigned* te3 = aes_te + 768;
    const int tid = (int)ga_tid();
    const int threads = (int)ga_nthreads();
    for (int x = tid; x < 256; x += threads) {
        const unsigned s = aes_sbox[x];
        const unsigned s2 = ((s << 1) ^ ((s & 0x80u) ? 0x1bu : 0u)) & 0xffu;  // xtime: 02 s
        const unsigned t = (s2 << 24) | (s << 16) | (s << 8) | (s2 ^ s);
        aes_te[x] = t;
        aes_te[256 + x] = aes_rotr(t, 8);
        aes_te[512 + x] = aes_rotr(t, 16);
        aes_te[768 + x] = aes_rotr(t, 24);
    }
    __syncthreads();
    const long long i = ga_linear();
    if (i >= n) {
        return;
    }
    // the counter block IV + i, a 128-bit big-endian integer (c0 most significant)
    const unsigned long long iv_hi =
        ((unsigned long long)aes_bswap(iv_words[0]) << 32) | aes_bswap(iv_words[1]);
    const unsigned long long iv_lo =
        ((unsigned long long)aes_bswap(iv_words[2]) << 32) | aes_bswap(iv_words[3]);
    const unsigned long long lo = iv_lo + (unsigned long long)i;
    const unsigned long long hi = iv_hi + (lo < iv_lo ? 1ull : 0ull);
    unsigned s0 = (unsigned)(hi >> 32) ^ rk[0];
    unsigned s1 = (unsigned)hi ^ rk[1];
    unsigned s2 = (unsigned)(lo >> 32) ^ rk[2];
    unsigned s3 = (unsigned)lo ^ rk[3];
    unsigned t0, t1, t2, t3;
#pragma unroll
    for (int r = 1; r < 10; ++r) {
        const unsigned* k = rk + 4 * r;
        t0 = te0[s0 >> 24] ^ te1[(s1 >> 16) & 0xff] ^ te2[(s2 >> 8) & 0xff] ^ te3[s3 & 0xff] ^ k[0];
        t1 = te0[s1 >> 24] ^ te1[(s2 >> 16) & 0xff] ^ te2[(s3 >> 8) & 0xff] ^ te3[s0 & 0xff] ^ k[1];
        t2 = te0[s2 >> 24] ^ te1[(s3 >> 16) & 0xff] ^ te2[(s0 >> 8) & 0xff] ^ te3[s1 & 0xff] ^ k[2];
        t3 = te0[s3 >> 24] ^ te1[(s0 >> 16) & 0xff] ^ te2[(s1 >> 8) & 0xff] ^ te3[s2 & 0xff] ^ k[3];
        s0 = t0;
        s1 = t1;
        s2 = t2;
        s3 = t3;
    }
    // the last round: SubBytes and ShiftRows only, the S-box byte of each table by its mask
    const unsigned* k = rk + 40;
    t0 = (te2[s0 >> 24] & 0xff000000u) ^ (te3[(s1 >> 16) & 0xff] & 0x00ff0000u) ^
         (te0[(s2 >> 8) & 0xff] & 0x0000ff00u) ^ (te1[s3 & 0xff] & 0x000000ffu) ^ k[0];
    t1 = (te2[s1 >> 24] & 0xff000000u) ^ (te3[(s2 >> 16) & 0xff] & 0x00ff0000u) ^
         (te0[(s3 >> 8) & 0xff] & 0x0000ff00u) ^ (te1[s0 & 0xff] & 0x000000ffu) ^ k[1];
    t2 = (te2[s2 >> 24] & 0xff000000u) ^ (te3[(s3 >> 16) & 0xff] & 0x00ff0000u) ^
         (te0[(s0 >> 8) & 0xff] & 0x0000ff00u) ^ (te1[s1 & 0xff] & 0x000000ffu) ^ k[2];
    t3 = (te2[s3 >> 24] & 0xff000000u) ^ (te3[(s0 >> 16) & 0xff] & 0x00ff0000u) ^
         (te0[(s1 >> 8) & 0xff] & 0x0000ff00u) ^ (te1[s2 & 0xff] & 0x000000ffu) ^ k[3];
    // the keystream's bytes XORed into the data's
    const unsigned* in = plain_words + i * 4;
    unsigned* out = cipher_words + i * 4;
    out[0] = in[0] ^ aes_bswap(t0);
    out[1] = in[1] ^ aes_bswap(t1);
    out[2] = in[2] ^ aes_bswap(t2);
    out[3] = in[3] ^ aes_bswap(t3);
}
