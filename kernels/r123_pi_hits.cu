// Monte Carlo pi from counter-based random numbers, Random123's counthits (DEShawResearch
// random123, examples/pi_cuda.cu: the library's pi example, its body shared with the OpenCL
// and CPU versions of the example, showing that one Threefry call per step needs no generator
// state) (blind check set 51: written after calibration, never fitted on). As in Random123: one
// thread per tid, key {tid, 0xdecafbad, 0xfacebead, 0x12345678} and counter {0, 0xf00dcafe,
// 0xdeadbeef, 0xbeeff00d}; while tries < n the counter's first word incremented and
// threefry4x32 (20 rounds: Threefish's add-rotate-xor on four 32-bit words with the rotations
// R_32x4, the key schedule's parity word SKEIN_KS_PARITY32 and, every 4 rounds, a key
// injection plus its count) of it under the key, its four words read as ints (a union with
// int4): two points (x1, y1), (x2, y2) counted as hits where x^2 + y^2 < 2^62 in 64-bit
// integers, two tries; hitsp[tid] = (hits, tries). The host launches a fixed number of threads
// sized from the device (as I recall, one per core) and gives each the same n. Departures: the
// thread's index from the block's linear index (any shape), a thread past nthreads returning
// (the host's exact grid needs no check), the grid cdiv(nthreads, threads) for the manifest's
// nthreads, 132 x 128 (an H100's or H200's FP32 cores); uint2 an 8 B-aligned struct of two
// unsigned ints over a buffer of words, int4 a struct of four ints, int64_t long long,
// threefry.h's R123 macros and Nrounds tests plain code (all 20 rounds kept). Written from
// memory. Exact (integers). 1-D: the block is linearized.
#include "common.cuh"

typedef unsigned int uint32_t;

struct r123array4x32 {
    uint32_t v[4];
};
typedef r123array4x32 threefry4x32_ctr_t;
typedef r123array4x32 threefry4x32_key_t;

struct alignas(8) r123_uint2 {  // CUDA's uint2
    unsigned x, y;
};
struct alignas(16) r123_int4 {  // CUDA's int4
    int x, y, z, w;
};

enum r123_enum_threefry32x4 {
    R_32x4_0_0 = 10, R_32x4_0_1 = 26,
    R_32x4_1_0 = 11, R_32x4_1_1 = 21,
    R_32x4_2_0 = 13, R_32x4_2_1 = 27,
    R_32x4_3_0 = 23, R_32x4_3_1 = 5,
    R_32x4_4_0 = 6, R_32x4_4_1 = 20,
    R_32x4_5_0 = 17, R_32x4_5_1 = 11,
    R_32x4_6_0 = 25, R_32x4_6_1 = 10,
    R_32x4_7_0 = 18, R_32x4_7_1 = 20
};

#define SKEIN_KS_PARITY32 0x1BD11BDA
#define threefry4x32_rounds 20

__device__ __forceinline__ uint32_t RotL_32(uint32_t x, unsigned int N) {
    return (x << (N & 31)) | (x >> ((32 - N) & 31));
}

// Rounds r (even: pairs (0, 1), (2, 3)) and r + 1 (odd: pairs (0, 3), (2, 1)).
#define R123_ROUND_EVEN(A, B)                                           \
    X.v[0] += X.v[1]; X.v[1] = RotL_32(X.v[1], A); X.v[1] ^= X.v[0]; \
    X.v[2] += X.v[3]; X.v[3] = RotL_32(X.v[3], B); X.v[3] ^= X.v[2];
#define R123_ROUND_ODD(A, B)                                            \
    X.v[0] += X.v[3]; X.v[3] = RotL_32(X.v[3], A); X.v[3] ^= X.v[0]; \
    X.v[2] += X.v[1]; X.v[1] = RotL_32(X.v[1], B); X.v[1] ^= X.v[2];
#define R123_INJECT(a, b, c, d, r)                                       \
    X.v[0] += ks[a]; X.v[1] += ks[b]; X.v[2] += ks[c]; X.v[3] += ks[d]; \
    X.v[4 - 1] += r;

__device__ __forceinline__ threefry4x32_ctr_t threefry4x32(threefry4x32_ctr_t in,
                                                           threefry4x32_key_t k) {
    threefry4x32_ctr_t X;
    uint32_t ks[4 + 1];
    int i; /* avoid size_t to avoid need for stddef.h */
    ks[4] = SKEIN_KS_PARITY32;
    for (i = 0; i < 4; i++) {
        ks[i] = k.v[i];
        X.v[i] = in.v[i];
        ks[4] ^= k.v[i];
    }

    /* Insert initial key before round 0 */
    X.v[0] += ks[0]; X.v[1] += ks[1]; X.v[2] += ks[2]; X.v[3] += ks[3];

    R123_ROUND_EVEN(R_32x4_0_0, R_32x4_0_1)
    R123_ROUND_ODD(R_32x4_1_0, R_32x4_1_1)
    R123_ROUND_EVEN(R_32x4_2_0, R_32x4_2_1)
    R123_ROUND_ODD(R_32x4_3_0, R_32x4_3_1)
    R123_INJECT(1, 2, 3, 4, 1)
    R123_ROUND_EVEN(R_32x4_4_0, R_32x4_4_1)
    R123_ROUND_ODD(R_32x4_5_0, R_32x4_5_1)
    R123_ROUND_EVEN(R_32x4_6_0, R_32x4_6_1)
    R123_ROUND_ODD(R_32x4_7_0, R_32x4_7_1)
    R123_INJECT(2, 3, 4, 0, 2)
    R123_ROUND_EVEN(R_32x4_0_0, R_32x4_0_1)
    R123_ROUND_ODD(R_32x4_1_0, R_32x4_1_1)
    R123_ROUND_EVEN(R_32x4_2_0, R_32x4_2_1)
    R123_ROUND_ODD(R_32x4_3_0, R_32x4_3_1)
    R123_INJECT(3, 4, 0, 1, 3)
    R123_ROUND_EVEN(R_32x4_4_0, R_32x4_4_1)
    R123_ROUND_ODD(R_32x4_5_0, R_32x4_5_1)
    R123_ROUND_EVEN(R_32x4_6_0, R_32x4_6_1)
    R123_ROUND_ODD(R_32x4_7_0, R_32x4_7_1)
    R123_INJECT(4, 0, 1, 2, 4)
    R123_ROUND_EVEN(R_32x4_0_0, R_32x4_0_1)
    R123_ROUND_ODD(R_32x4_1_0, R_32x4_1_1)
    R123_ROUND_EVEN(R_32x4_2_0, R_32x4_2_1)
    R123_ROUND_ODD(R_32x4_3_0, R_32x4_3_1)
    R123_INJECT(0, 1, 2, 3, 5)
    return X;
}

extern "C" __global__ void r123_pi_hits(unsigned n, unsigned* hitsp_words, unsigned nthreads) {
    r123_uint2* hitsp = reinterpret_cast<r123_uint2*>(hitsp_words);
    unsigned tid = (unsigned)ga_linear();
    if (tid >= nthreads) return;
    unsigned hits = 0, tries = 0;
    threefry4x32_key_t k = {{tid, 0xdecafbad, 0xfacebead, 0x12345678}};
    threefry4x32_ctr_t c = {{0, 0xf00dcafe, 0xdeadbeef, 0xbeeff00d}};
    while (tries < n) {
        union {
            threefry4x32_ctr_t c;
            r123_int4 i;
        } u;
        c.v[0]++;
        u.c = threefry4x32(c, k);
        long long x1 = u.i.x, y1 = u.i.y;
        long long x2 = u.i.z, y2 = u.i.w;
        if ((x1 * x1 + y1 * y1) < (1LL << 62)) {
            hits++;
        }
        tries++;
        if ((x2 * x2 + y2 * y2) < (1LL << 62)) {
            hits++;
        }
        tries++;
    }
    hitsp[tid].x = hits;
    hitsp[tid].y = tries;
}
