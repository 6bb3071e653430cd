// The inverse DCT of a baseline JPEG decoder, libjpeg's jpeg_idct_islow (jidctint.c: the
// "slow but accurate" integer IDCT that libjpeg and libjpeg-turbo use by default, with the
// dequantization folded in: Loeffler, Ligtenberg and Moschytz's 12-multiply 1-D IDCT in
// 13-bit fixed point, the columns first into a workspace scaled by 2^PASS1_BITS, then the
// rows, then the post-IDCT range limit), one thread per 8 x 8 block of a grayscale image, as
// a GPU JPEG decoder runs its IDCT stage once the entropy decoder has filled the coefficient
// buffer (blind check set 24: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind24/ once recorded). The coefficients are int32 (libjpeg's JCOEF
// widened), 64 per block in natural (de-zigzagged, row-major) order, the blocks row-major
// over the image's rows x cols blocks; quant holds the component's 64 quantization steps in
// the same order (libjpeg's dct_table). Pass 1, per column c of the block: the dequantized
// inputs in[u] = coef[8 u + c] quant[8 u + c] (a column whose seven AC terms are zero takes
// libjpeg's shortcut: every output dc << PASS1_BITS), the even part (z1 = (in2 + in6)
// FIX(0.541196100), tmp2 = z1 - in6 FIX(1.847759065), tmp3 = z1 + in2 FIX(0.765366865),
// tmp0/1 = (in0 +/- in4) << CONST_BITS, tmp10..13) and the odd part (the four products
// FIX(0.298631336) .. FIX(1.501321110) of in7, in5, in3, in1 and the cross terms), out k =
// DESCALE(even +/- odd, CONST_BITS - PASS1_BITS) into workspace row k; pass 2, per
// workspace row r: the same 1-D IDCT (an all-zero AC row takes the DC shortcut), sample (r,
// k) = range_limit[DESCALE(., CONST_BITS + PASS1_BITS + 3) & 1023], libjpeg's post-IDCT
// table written out: the value wrapped to 10 bits ([-512, 511]), plus 128, clamped to
// [0, 255]. DESCALE(x, n) = (x + 2^(n-1)) >> n (arithmetic shift); CONST_BITS = 13,
// PASS1_BITS = 2. Out: the 8-bit image, row-major (cols 8 samples a row), each block row's 8
// samples packed into two little-endian uint32 words. Per thread: 64 4 B quant loads (the
// same for every lane: L1 broadcasts) and 64 4 B coefficient loads of its own 256 B block
// (a warp's load instruction 32 sectors 256 B apart; the block's other loads hit L1), 16
// 1-D IDCTs of 12 multiplies and 32 adds in registers (the 64-entry workspace unrolled into
// registers), and 16 4 B stores (a warp's lanes 8 B apart along an image row). No shared
// memory. Integer arithmetic, 32-bit (the test data keep every intermediate below 2^31):
// exact. x -> block column, y*z -> block row.
#include "common.cuh"

#define JI_CONST_BITS 13
#define JI_PASS1_BITS 2

// FIX(x) = round(x * 2^13), libjpeg's CONST_BITS = 13 constants.
#define JI_FIX_0_298631336 2446
#define JI_FIX_0_390180644 3196
#define JI_FIX_0_541196100 4433
#define JI_FIX_0_765366865 6270
#define JI_FIX_0_899976223 7373
#define JI_FIX_1_175875602 9633
#define JI_FIX_1_501321110 12299
#define JI_FIX_1_847759065 15137
#define JI_FIX_1_961570560 16069
#define JI_FIX_2_053119869 16819
#define JI_FIX_2_562915447 20995
#define JI_FIX_3_072711026 25172

// (x + 2^(n-1)) >> n, libjpeg's DESCALE (an arithmetic right shift).
__device__ __forceinline__ int ji_descale(int x, int n) {
    return (x + (1 << (n - 1))) >> n;
}

// libjpeg's post-IDCT range limit, range_limit[x & RANGE_MASK]: x wrapped to 10 bits, made
// unsigned by CENTERJSAMPLE (128) and clamped to [0, MAXJSAMPLE].
__device__ __forceinline__ unsigned ji_limit(int x) {
    const int wrapped = ((x + 512) & 1023) - 512;
    return (unsigned)min(max(wrapped + 128, 0), 255);
}

// One 1-D IDCT of the Loeffler-Ligtenberg-Moschytz flow graph: v[0..7] in (frequencies
// 0..7), o[0..7] out before the descale.
__device__ __forceinline__ void ji_idct8(const int v[8], int o[8]) {
    // even part: v0, v2, v4, v6
    int z2 = v[2], z3 = v[6];
    int z1 = (z2 + z3) * JI_FIX_0_541196100;
    int tmp2 = z1 + z3 * (-JI_FIX_1_847759065);
    int tmp3 = z1 + z2 * JI_FIX_0_765366865;
    int tmp0 = (v[0] + v[4]) * (1 << JI_CONST_BITS);
    int tmp1 = (v[0] - v[4]) * (1 << JI_CONST_BITS);
    const int tmp10 = tmp0 + tmp3, tmp13 = tmp0 - tmp3;
    const int tmp11 = tmp1 + tmp2, tmp12 = tmp1 - tmp2;
    // odd part: v7, v5, v3, v1
    tmp0 = v[7];
    tmp1 = v[5];
    tmp2 = v[3];
    tmp3 = v[1];
    z1 = tmp0 + tmp3;
    z2 = tmp1 + tmp2;
    z3 = tmp0 + tmp2;
    int z4 = tmp1 + tmp3;
    const int z5 = (z3 + z4) * JI_FIX_1_175875602;
    tmp0 *= JI_FIX_0_298631336;
    tmp1 *= JI_FIX_2_053119869;
    tmp2 *= JI_FIX_3_072711026;
    tmp3 *= JI_FIX_1_501321110;
    z1 *= -JI_FIX_0_899976223;
    z2 *= -JI_FIX_2_562915447;
    z3 *= -JI_FIX_1_961570560;
    z4 *= -JI_FIX_0_390180644;
    z3 += z5;
    z4 += z5;
    tmp0 += z1 + z3;
    tmp1 += z2 + z4;
    tmp2 += z2 + z3;
    tmp3 += z1 + z4;
    o[0] = tmp10 + tmp3;
    o[7] = tmp10 - tmp3;
    o[1] = tmp11 + tmp2;
    o[6] = tmp11 - tmp2;
    o[2] = tmp12 + tmp1;
    o[5] = tmp12 - tmp1;
    o[3] = tmp13 + tmp0;
    o[4] = tmp13 - tmp0;
}

extern "C" __global__ void jpeg_idct_islow(const int* __restrict__ coef,
                                           const int* __restrict__ quant,
                                           unsigned* __restrict__ out_words, int rows,
                                           int cols) {
    const int bc = ga_col();  // block column
    const int br = ga_row();  // block row
    if (br >= rows || bc >= cols) {
        return;
    }
    const int* in = coef + ((long long)br * cols + bc) * 64;
    int ws[64];  // libjpeg's workspace, row-major
    // pass 1: columns, dequantized, into the workspace scaled by 2^PASS1_BITS
#pragma unroll
    for (int c = 0; c < 8; ++c) {
        int v[8];
#pragma unroll
        for (int u = 0; u < 8; ++u) {
            v[u] = in[8 * u + c] * quant[8 * u + c];
        }
        if ((v[1] | v[2] | v[3] | v[4] | v[5] | v[6] | v[7]) == 0) {
            const int dc = v[0] * (1 << JI_PASS1_BITS);  // AC terms all zero: a flat column
#pragma unroll
            for (int k = 0; k < 8; ++k) {
                ws[8 * k + c] = dc;
            }
            continue;
        }
        int o[8];
        ji_idct8(v, o);
#pragma unroll
        for (int k = 0; k < 8; ++k) {
            ws[8 * k + c] = ji_descale(o[k], JI_CONST_BITS - JI_PASS1_BITS);
        }
    }
    // pass 2: rows, range-limited into samples, two words a row
    const long long pitch = (long long)cols * 2;  // words per image row
    unsigned* out = out_words + (long long)br * 8 * pitch + (long long)bc * 2;
#pragma unroll
    for (int r = 0; r < 8; ++r) {
        const int* v = ws + 8 * r;
        unsigned s[8];
        if ((v[1] | v[2] | v[3] | v[4] | v[5] | v[6] | v[7]) == 0) {
            const unsigned dc = ji_limit(ji_descale(v[0], JI_PASS1_BITS + 3));
#pragma unroll
            for (int k = 0; k < 8; ++k) {
                s[k] = dc;
            }
        } else {
            int o[8];
            ji_idct8(v, o);
#pragma unroll
            for (int k = 0; k < 8; ++k) {
                s[k] = ji_limit(ji_descale(o[k], JI_CONST_BITS + JI_PASS1_BITS + 3));
            }
        }
        out[r * pitch] = s[0] | (s[1] << 8) | (s[2] << 16) | (s[3] << 24);
        out[r * pitch + 1] = s[4] | (s[5] << 8) | (s[6] << 16) | (s[7] << 24);
    }
}
