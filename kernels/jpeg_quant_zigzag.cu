// JPEG quantization of 8 x 8 blocks of forward-DCT output with the coefficients written in
// zig-zag order and each block's end-of-block position, libjpeg's quantization step
// (jcdctmgr.c forward_DCT, the JDCT_ISLOW divisors quantval << 3) fused with the zig-zag walk
// of its Huffman encoder (jchuff.c encode_one_block over jpeg_natural_order), the pass GPU JPEG
// encoders run between their DCT and entropy-coding kernels (blind check set 39: written
// after calibration, never fitted on). As in libjpeg: per coefficient qval = divisors[i],
// temp = |coef| + (qval >> 1) divided by qval (truncating), the sign restored; the output
// block in zig-zag order, out[k] = quantized[jpeg_natural_order[k]]; the block's last nonzero
// zig-zag position + 1 (0 for an all-zero block: the EOB the encoder emits after it).
// Departures: one thread per 8 x 8 block of a DCT output laid out as an image (row-major, the
// way CUDA DCT kernels such as NVIDIA's dct8x8 sample leave it) rather than libjpeg's per-row
// block buffers; coefficients int32 rather than JCOEF (int16); the divisors from the
// quantization table (natural order) in the kernel. Written from memory. x -> block column,
// y*z -> block row; each thread reads 8 rows of 32 B and writes 64 contiguous int32 (its
// block's record, 256 B from its neighbour's).
#include "common.cuh"

__constant__ int jq_natural_order[64] = {
    0,  1,  8,  16, 9,  2,  3,  10, 17, 24, 32, 25, 18, 11, 4,  5,
    12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6,  7,  14, 21, 28,
    35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
    58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63};

extern "C" __global__ void jpeg_quant_zigzag(const int* coef, const int* quantval, int* zz,
                                             int* eob, int blocks_x, int blocks_y) {
    const int bx = ga_col(), by = ga_row();
    if (bx >= blocks_x || by >= blocks_y) return;
    const long long width = 8LL * blocks_x;  // coefficients in an image row
    const long long origin = (long long)by * 8 * width + (long long)bx * 8;
    const long long block = (long long)by * blocks_x + bx;
    int* out = zz + block * 64;
    int last = 0;
    for (int k = 0; k < 64; k++) {
        const int i = jq_natural_order[k];
        const int qval = quantval[i] << 3;
        int temp = coef[origin + (long long)(i >> 3) * width + (i & 7)];
        if (temp < 0) {
            temp = -temp;
            temp += qval >> 1;  // for rounding
            temp /= qval;
            temp = -temp;
        } else {
            temp += qval >> 1;  // for rounding
            temp /= qval;
        }
        out[k] = temp;
        if (temp != 0) last = k + 1;
    }
    eob[block] = last;
}
