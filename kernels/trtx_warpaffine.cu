// Letterbox preprocessing of a camera frame for YOLOv5, tensorrtx's warpaffine_kernel
// (wang-xinyu/tensorrtx, yolov5/src/preprocess.cu, behind cuda_preprocess: the BGR 8-bit frame
// warped by the inverse letterbox affine d2s with bilinear sampling and a constant grey border,
// BGR to RGB, scaled by 1/255 and stored as planar RRRGGGBBB float) (blind check set 48: written
// after calibration, never fitted on). As in tensorrtx: position = blockDim.x blockIdx.x +
// threadIdx.x, a thread past edge (dst_width dst_height) returning, dx = position % dst_width
// and dy = position / dst_width, src_x = m_x1 dx + m_y1 dy + m_z1 + 0.5f (src_y alike), a
// pixel outside (-1, src_width) x (-1, src_height) the constant value, else the four
// neighbours (y_low = floorf(src_y), x_low = floorf(src_x), each neighbour outside the frame
// the constant value), the weights w1 = hy hx, w2 = hy lx, w3 = ly hx, w4 = ly lx and c =
// w1 v1 + w2 v2 + w3 v3 + w4 v4 per channel, c0 and c2 swapped, each divided by 255.0f, and
// three stores into the planes dst + dy dst_width + dx, + area, + 2 area; the host's 256
// threads a block on ceil(edge / 256) blocks. Departures: the 256 threads the block's threads,
// any shape (the block linearized); the uint8 frame read from a buffer of words and cast back;
// AffineMatrix d2s's six floats passed as six scalars and const_value_st an int (uint8_t in
// tensorrtx, the same 128); the products and sums written with
// __fmul_rn, __fadd_rn and __fsub_rn in tensorrtx's order (no FMA contraction). Written from
// memory. Exact (single float32 operations in a fixed order, each correctly rounded).
// 1-D: the block is linearized.
#include "common.cuh"

typedef unsigned char uint8_t;

extern "C" __global__ void trtx_warpaffine(const unsigned* __restrict__ src_words,
                                           int src_line_size, int src_width, int src_height,
                                           float* __restrict__ dst, int dst_width,
                                           int dst_height, int const_value_st, float m_x1,
                                           float m_y1, float m_z1, float m_x2, float m_y2,
                                           float m_z2, int edge) {
    const uint8_t* src = reinterpret_cast<const uint8_t*>(src_words);
    int position = (int)ga_linear();
    if (position >= edge) return;

    int dx = position % dst_width;
    int dy = position / dst_width;
    float src_x = __fadd_rn(__fadd_rn(__fadd_rn(__fmul_rn(m_x1, (float)dx),
                                                __fmul_rn(m_y1, (float)dy)), m_z1), 0.5f);
    float src_y = __fadd_rn(__fadd_rn(__fadd_rn(__fmul_rn(m_x2, (float)dx),
                                                __fmul_rn(m_y2, (float)dy)), m_z2), 0.5f);
    float c0, c1, c2;

    if (src_x <= -1 || src_x >= src_width || src_y <= -1 || src_y >= src_height) {
        // out of range
        c0 = const_value_st;
        c1 = const_value_st;
        c2 = const_value_st;
    } else {
        int y_low = floorf(src_y);
        int x_low = floorf(src_x);
        int y_high = y_low + 1;
        int x_high = x_low + 1;

        uint8_t const_value[] = {(uint8_t)const_value_st, (uint8_t)const_value_st,
                                 (uint8_t)const_value_st};
        float ly = __fsub_rn(src_y, (float)y_low);
        float lx = __fsub_rn(src_x, (float)x_low);
        float hy = __fsub_rn(1.0f, ly);
        float hx = __fsub_rn(1.0f, lx);
        float w1 = __fmul_rn(hy, hx), w2 = __fmul_rn(hy, lx), w3 = __fmul_rn(ly, hx),
              w4 = __fmul_rn(ly, lx);
        const uint8_t* v1 = const_value;
        const uint8_t* v2 = const_value;
        const uint8_t* v3 = const_value;
        const uint8_t* v4 = const_value;

        if (y_low >= 0) {
            if (x_low >= 0) v1 = src + y_low * src_line_size + x_low * 3;
            if (x_high < src_width) v2 = src + y_low * src_line_size + x_high * 3;
        }

        if (y_high < src_height) {
            if (x_low >= 0) v3 = src + y_high * src_line_size + x_low * 3;
            if (x_high < src_width) v4 = src + y_high * src_line_size + x_high * 3;
        }

        c0 = __fadd_rn(__fadd_rn(__fadd_rn(__fmul_rn(w1, (float)v1[0]), __fmul_rn(w2, (float)v2[0])),
                                 __fmul_rn(w3, (float)v3[0])), __fmul_rn(w4, (float)v4[0]));
        c1 = __fadd_rn(__fadd_rn(__fadd_rn(__fmul_rn(w1, (float)v1[1]), __fmul_rn(w2, (float)v2[1])),
                                 __fmul_rn(w3, (float)v3[1])), __fmul_rn(w4, (float)v4[1]));
        c2 = __fadd_rn(__fadd_rn(__fadd_rn(__fmul_rn(w1, (float)v1[2]), __fmul_rn(w2, (float)v2[2])),
                                 __fmul_rn(w3, (float)v3[2])), __fmul_rn(w4, (float)v4[2]));
    }

    // bgr to rgb
    float t = c2;
    c2 = c0;
    c0 = t;

    // normalization
    c0 = c0 / 255.0f;
    c1 = c1 / 255.0f;
    c2 = c2 / 255.0f;

    // rgbrgbrgb to rrrgggbbb
    int area = dst_width * dst_height;
    float* pdst_c0 = dst + dy * dst_width + dx;
    float* pdst_c1 = pdst_c0 + area;
    float* pdst_c2 = pdst_c1 + area;
    *pdst_c0 = c0;
    *pdst_c1 = c1;
    *pdst_c2 = c2;
}
