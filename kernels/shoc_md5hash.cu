// A brute-force search for the key of an MD5 digest, SHOC's MD5Hash benchmark
// (shoc/src/cuda/level1/md5hash/MD5Hash.cu: FindKeyWithDigest_Kernel with IndexToKey and
// md5_2words; the Scalable HeterOgeneous Computing suite's integer-throughput test) (blind check
// set 41: written after calibration, never fitted on). As in SHOC: the keyspace is every key of
// byteLength bytes each below valsPerByte (keyspace = valsPerByte^byteLength keys); thread t
// starts at index t valsPerByte, IndexToKey writing its 8 key bytes as the index's base-
// valsPerByte digits (lowest first), and for j < valsPerByte (and index < keyspace) computes
// md5_2words of the key (the single 64-byte MD5 block of a message of at most 8 bytes: the two
// words of key bytes, the 0x80 padding byte OR'ed in at byte byteLength, the length in bits as
// word 14, the other words 0; RFC 1321's 64 steps of F, G, H and I with its rotations and sine
// constants), compares the digest with the four search words and, on a match, stores the index,
// the key's 8 bytes and the digest, then increments key byte 0. Departures: the foundKey byte
// buffer typed as two 32-bit words (cast to unsigned char as SHOC's pointer is); the key array
// declared 8-byte aligned for its cast to two words; the 1-D block any shape (SHOC's 128-thread
// blocks, its nblocks = ceil(keyspace / valsPerByte / nthreads) kept). Written from memory.
// Integer: exact. 1-D: the block is linearized.
#include "common.cuh"

#define S11 7
#define S12 12
#define S13 17
#define S14 22
#define S21 5
#define S22 9
#define S23 14
#define S24 20
#define S31 4
#define S32 11
#define S33 16
#define S34 23
#define S41 6
#define S42 10
#define S43 15
#define S44 21

#define F(x, y, z) (((x) & (y)) | ((~x) & (z)))
#define G(x, y, z) (((x) & (z)) | ((y) & (~z)))
#define H(x, y, z) ((x) ^ (y) ^ (z))
#define I(x, y, z) ((y) ^ ((x) | (~z)))

#define ROTATE_LEFT(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

#define FF(a, b, c, d, x, s, ac)                          \
    {                                                     \
        (a) += F((b), (c), (d)) + (x) + (unsigned int)(ac); \
        (a) = ROTATE_LEFT((a), (s));                      \
        (a) += (b);                                       \
    }
#define GG(a, b, c, d, x, s, ac)                          \
    {                                                     \
        (a) += G((b), (c), (d)) + (x) + (unsigned int)(ac); \
        (a) = ROTATE_LEFT((a), (s));                      \
        (a) += (b);                                       \
    }
#define HH(a, b, c, d, x, s, ac)                          \
    {                                                     \
        (a) += H((b), (c), (d)) + (x) + (unsigned int)(ac); \
        (a) = ROTATE_LEFT((a), (s));                      \
        (a) += (b);                                       \
    }
#define II(a, b, c, d, x, s, ac)                          \
    {                                                     \
        (a) += I((b), (c), (d)) + (x) + (unsigned int)(ac); \
        (a) = ROTATE_LEFT((a), (s));                      \
        (a) += (b);                                       \
    }

__device__ __forceinline__ void IndexToKey(unsigned int index, int byteLength, int valsPerByte,
                                           unsigned char vals[8]) {
    // loop pointlessly unrolled to avoid CUDA compiler complaints
    // about unaligned accesses (!?) on older compute capabilities
    vals[0] = index % valsPerByte;
    index /= valsPerByte;

    vals[1] = index % valsPerByte;
    index /= valsPerByte;

    vals[2] = index % valsPerByte;
    index /= valsPerByte;

    vals[3] = index % valsPerByte;
    index /= valsPerByte;

    vals[4] = index % valsPerByte;
    index /= valsPerByte;

    vals[5] = index % valsPerByte;
    index /= valsPerByte;

    vals[6] = index % valsPerByte;
    index /= valsPerByte;

    vals[7] = index % valsPerByte;
    index /= valsPerByte;
}

__device__ __forceinline__ void md5_2words(unsigned int* words, unsigned int len,
                                           unsigned int* digest) {
    // For any block but the first one, these should be passed in, not
    // initialized, but we are assuming we only operate on a single block.
    unsigned int h0 = 0x67452301;
    unsigned int h1 = 0xefcdab89;
    unsigned int h2 = 0x98badcfe;
    unsigned int h3 = 0x10325476;

    unsigned int a = h0;
    unsigned int b = h1;
    unsigned int c = h2;
    unsigned int d = h3;

    unsigned int WL = len * 8;
    unsigned int W0 = words[0];
    unsigned int W1 = words[1];

    switch (len) {
        case 0: W0 |= 0x00000080; break;
        case 1: W0 |= 0x00008000; break;
        case 2: W0 |= 0x00800000; break;
        case 3: W0 |= 0x80000000; break;
        case 4: W1 |= 0x00000080; break;
        case 5: W1 |= 0x00008000; break;
        case 6: W1 |= 0x00800000; break;
        case 7: W1 |= 0x80000000; break;
    }

    // args: a, b, c, d, x, s, ac
    /* Round 1 */
    FF(a, b, c, d, W0, S11, 3614090360u); /* 1 */
    FF(d, a, b, c, W1, S12, 3905402710u); /* 2 */
    FF(c, d, a, b, 0, S13, 606105819u); /* 3 */
    FF(b, c, d, a, 0, S14, 3250441966u); /* 4 */
    FF(a, b, c, d, 0, S11, 4118548399u); /* 5 */
    FF(d, a, b, c, 0, S12, 1200080426u); /* 6 */
    FF(c, d, a, b, 0, S13, 2821735955u); /* 7 */
    FF(b, c, d, a, 0, S14, 4249261313u); /* 8 */
    FF(a, b, c, d, 0, S11, 1770035416u); /* 9 */
    FF(d, a, b, c, 0, S12, 2336552879u); /* 10 */
    FF(c, d, a, b, 0, S13, 4294925233u); /* 11 */
    FF(b, c, d, a, 0, S14, 2304563134u); /* 12 */
    FF(a, b, c, d, 0, S11, 1804603682u); /* 13 */
    FF(d, a, b, c, 0, S12, 4254626195u); /* 14 */
    FF(c, d, a, b, WL, S13, 2792965006u); /* 15 */
    FF(b, c, d, a, 0, S14, 1236535329u); /* 16 */
    /* Round 2 */
    GG(a, b, c, d, W1, S21, 4129170786u); /* 17 */
    GG(d, a, b, c, 0, S22, 3225465664u); /* 18 */
    GG(c, d, a, b, 0, S23, 643717713u); /* 19 */
    GG(b, c, d, a, W0, S24, 3921069994u); /* 20 */
    GG(a, b, c, d, 0, S21, 3593408605u); /* 21 */
    GG(d, a, b, c, 0, S22, 38016083u); /* 22 */
    GG(c, d, a, b, 0, S23, 3634488961u); /* 23 */
    GG(b, c, d, a, 0, S24, 3889429448u); /* 24 */
    GG(a, b, c, d, 0, S21, 568446438u); /* 25 */
    GG(d, a, b, c, WL, S22, 3275163606u); /* 26 */
    GG(c, d, a, b, 0, S23, 4107603335u); /* 27 */
    GG(b, c, d, a, 0, S24, 1163531501u); /* 28 */
    GG(a, b, c, d, 0, S21, 2850285829u); /* 29 */
    GG(d, a, b, c, 0, S22, 4243563512u); /* 30 */
    GG(c, d, a, b, 0, S23, 1735328473u); /* 31 */
    GG(b, c, d, a, 0, S24, 2368359562u); /* 32 */
    /* Round 3 */
    HH(a, b, c, d, 0, S31, 4294588738u); /* 33 */
    HH(d, a, b, c, 0, S32, 2272392833u); /* 34 */
    HH(c, d, a, b, 0, S33, 1839030562u); /* 35 */
    HH(b, c, d, a, WL, S34, 4259657740u); /* 36 */
    HH(a, b, c, d, W1, S31, 2763975236u); /* 37 */
    HH(d, a, b, c, 0, S32, 1272893353u); /* 38 */
    HH(c, d, a, b, 0, S33, 4139469664u); /* 39 */
    HH(b, c, d, a, 0, S34, 3200236656u); /* 40 */
    HH(a, b, c, d, 0, S31, 681279174u); /* 41 */
    HH(d, a, b, c, W0, S32, 3936430074u); /* 42 */
    HH(c, d, a, b, 0, S33, 3572445317u); /* 43 */
    HH(b, c, d, a, 0, S34, 76029189u); /* 44 */
    HH(a, b, c, d, 0, S31, 3654602809u); /* 45 */
    HH(d, a, b, c, 0, S32, 3873151461u); /* 46 */
    HH(c, d, a, b, 0, S33, 530742520u); /* 47 */
    HH(b, c, d, a, 0, S34, 3299628645u); /* 48 */
    /* Round 4 */
    II(a, b, c, d, W0, S41, 4096336452u); /* 49 */
    II(d, a, b, c, 0, S42, 1126891415u); /* 50 */
    II(c, d, a, b, WL, S43, 2878612391u); /* 51 */
    II(b, c, d, a, 0, S44, 4237533241u); /* 52 */
    II(a, b, c, d, 0, S41, 1700485571u); /* 53 */
    II(d, a, b, c, 0, S42, 2399980690u); /* 54 */
    II(c, d, a, b, 0, S43, 4293915773u); /* 55 */
    II(b, c, d, a, W1, S44, 2240044497u); /* 56 */
    II(a, b, c, d, 0, S41, 1873313359u); /* 57 */
    II(d, a, b, c, 0, S42, 4264355552u); /* 58 */
    II(c, d, a, b, 0, S43, 2734768916u); /* 59 */
    II(b, c, d, a, 0, S44, 1309151649u); /* 60 */
    II(a, b, c, d, 0, S41, 4149444226u); /* 61 */
    II(d, a, b, c, 0, S42, 3174756917u); /* 62 */
    II(c, d, a, b, 0, S43, 718787259u); /* 63 */
    II(b, c, d, a, 0, S44, 3951481745u); /* 64 */

    a += h0;
    b += h1;
    c += h2;
    d += h3;

    digest[0] = a;
    digest[1] = b;
    digest[2] = c;
    digest[3] = d;
}

extern "C" __global__ void shoc_md5hash(unsigned int searchDigest0, unsigned int searchDigest1,
                                        unsigned int searchDigest2, unsigned int searchDigest3,
                                        int keyspace, int byteLength, int valsPerByte,
                                        int* foundIndex, unsigned* foundKeyWords,
                                        unsigned int* foundDigest) {
    unsigned char* foundKey = reinterpret_cast<unsigned char*>(foundKeyWords);
    int threadid = (int)ga_linear();
    int startindex = threadid * valsPerByte;
    alignas(8) unsigned char key[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    IndexToKey(startindex, byteLength, valsPerByte, key);

    for (int j = 0; j < valsPerByte && startindex + j < keyspace; ++j) {
        unsigned int digest[4];
        md5_2words((unsigned int*)key, byteLength, digest);
        if (digest[0] == searchDigest0 && digest[1] == searchDigest1 &&
            digest[2] == searchDigest2 && digest[3] == searchDigest3) {
            *foundIndex = startindex + j;
            foundKey[0] = key[0];
            foundKey[1] = key[1];
            foundKey[2] = key[2];
            foundKey[3] = key[3];
            foundKey[4] = key[4];
            foundKey[5] = key[5];
            foundKey[6] = key[6];
            foundKey[7] = key[7];
            foundDigest[0] = digest[0];
            foundDigest[1] = digest[1];
            foundDigest[2] = digest[2];
            foundDigest[3] = digest[3];
        }
        ++key[0];
    }
}
