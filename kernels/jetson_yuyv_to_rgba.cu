// YUYV (YUY2, 4:2:2 packed) camera frame to RGBA float, jetson-utils' YUYVToRGBA
// (dusty-nv/jetson-utils, cuda/cudaYUV-YUYV.cu: YUYVToRGBA<float4, false> behind cudaYUYVToRGBA
// and cudaConvertColor, the V4L2 webcam path of jetson-inference's videoSource into its
// RGBA32F images) (blind check set 47: written after calibration, never fitted on). As in
// jetson-utils: x the macro-pixel (halfWidth = width / 2 of them a row) and y the row, a thread
// past halfWidth or height returning; one 4 B uchar4 load of the macro-pixel src[y halfWidth +
// x] (Y0, U, Y1, V in byte order), the two pixels' colours from YUV2RGB(Y, U, V) (U and V
// less 128, R = Y + 1.4065 V, G = Y - 0.3455 U - 0.7169 V, B = Y + 1.7790 U, each clamped to
// [0, 255] by fminf(fmaxf(x, 0), 255)), alpha 255, and two float4 stores at dst[y width + 2 x]
// and the pixel after. Departures: the uchar4 and float4 pointers typed as words and floats
// (the buffers' host types) and cast back; YUV2RGB's products and sums written with __fmul_rn,
// __fadd_rn and __fsub_rn in jetson-utils' order (left to right), so that no FMA contraction
// changes a result (the values are those of the uncontracted expressions); z folded into the
// rows. Written from memory. Exact (single float32 operations, each correctly rounded, in a
// fixed order). x -> macro-pixel column, y*z -> row.
#include "common.cuh"

static inline __device__ float clamp(float x) { return fminf(fmaxf(x, 0.0f), 255.0f); }

// YUV2RGB
static inline __device__ float3 YUV2RGB(float Y, float U, float V) {
    U = __fsub_rn(U, 128.0f);
    V = __fsub_rn(V, 128.0f);

    return make_float3(clamp(__fadd_rn(Y, __fmul_rn(1.4065f, V))),
                       clamp(__fsub_rn(__fsub_rn(Y, __fmul_rn(0.3455f, U)),
                                       __fmul_rn(0.7169f, V))),
                       clamp(__fadd_rn(Y, __fmul_rn(1.7790f, U))));
}

extern "C" __global__ void jetson_yuyv_to_rgba(const unsigned* __restrict__ src_words,
                                               float* __restrict__ dst_floats, int halfWidth,
                                               int height) {
    const uchar4* src = reinterpret_cast<const uchar4*>(src_words);
    float4* dst = reinterpret_cast<float4*>(dst_floats);
    const int x = ga_col();
    const int y = ga_row();

    if (x >= halfWidth || y >= height) return;

    const uchar4 macroPx = src[y * halfWidth + x];

    // Y0 is the brightness of pixel 0, Y1 the brightness of pixel 1.
    // U and V is the color of both pixels.
    // YUYV: Y0 U Y1 V
    const float y0 = macroPx.x;
    const float u = macroPx.y;
    const float y1 = macroPx.z;
    const float v = macroPx.w;

    // this function outputs two pixels from one YUYV macropixel
    const float3 px0 = YUV2RGB(y0, u, v);
    const float3 px1 = YUV2RGB(y1, u, v);

    const int width = halfWidth * 2;
    dst[y * width + x * 2] = make_float4(px0.x, px0.y, px0.z, 255.0f);
    dst[y * width + x * 2 + 1] = make_float4(px1.x, px1.y, px1.z, 255.0f);
}
