// NV12 to planar BGR (three 8-bit planes) colour conversion, the NVIDIA Video Codec SDK's
// YuvToRgbPlanarKernel<uchar2, BGRA32, uchar2> (NVIDIA/video-sdk-samples, Samples/Utils/
// ColorSpace.cu, behind Nv12ToColorPlanar<BGRA32>: the samples' decoded-frame conversion for
// inference pipelines, copied into PyNvVideoCodec / VPF and many NVDEC applications) (blind
// check set 49: written after calibration, never fitted on). As in the SDK: each thread
// converts a 2 x 2 quad of pixels, x = (threadIdx.x + blockIdx.x blockDim.x) 2 and y =
// (threadIdx.y + blockIdx.y blockDim.y) 2, a thread whose quad reaches past the frame (x + 1
// >= nWidth or y + 1 >= nHeight) returning; two uchar2 luma loads (rows y and y + 1) and one
// uchar2 chroma load (U, V) at pSrc + (nHeight - y / 2) nYuvPitch (the interleaved chroma plane
// after the luma plane); YuvToRgbForPixel per pixel: fy = y - 16, fu = u - 128, fv = v - 128,
// r, g, b = Clamp(matYuv2Rgb[i][0] fy + matYuv2Rgb[i][1] fu + matYuv2Rgb[i][2] fv, 0, 255)
// truncated to a byte; the BGRA32 union's v.x (b), v.y (g) and v.z (r) stored as uchar2 pairs
// into three planes nRgbpPitch nHeight bytes apart (two rows each); matYuv2Rgb the BT.709
// matrix of SetMatYuv2Rgb (GetConstants: wr 0.2126, wb 0.0722, black 16, white 235, max 255;
// {1, 0, (1 - wr) / 0.5; 1, -wb (1 - wb) / 0.5 / (1 - wb - wr), -wr (1 - wr) / 0.5 / (1 - wb -
// wr); 1, (1 - wb) / 0.5, 0} each scaled by 1.0 max / (white - black) in double, then float);
// the host's dim3(32, 2) blocks on ((nWidth + 63) / 32 / 2, (nHeight + 3) / 2 / 2) blocks.
// Departures: the 32 x 2 block the sweep's, any shape, the grid cdiv(nWidth, 2 bx) x
// cdiv(nHeight, 2 by*bz) (z folded into the rows); the __global__ template's body a __device__
// function called by an extern "C" entry; the frame and the planes buffers of words cast to
// bytes (uint8_t * in the SDK); uchar2 spelled as a 2-byte-aligned struct of two bytes (CUDA's
// uchar2's layout: one 2 B load or store); matYuv2Rgb a __constant__ table written here
// (cudaMemcpyToSymbol in the SDK; the values SetMatYuv2Rgb computes for BT.709); the three
// products and two sums of each channel written with __fmul_rn and __fadd_rn in the SDK's
// left-to-right order (no FMA contraction). Written from memory. Exact (single float32
// operations in a fixed order, each correctly rounded, then a clamp and truncation).
// x -> a pair of columns, y*z -> a pair of rows.
#include "common.cuh"

typedef unsigned char uint8_t;
typedef unsigned int uint32_t;

struct alignas(2) nv_uchar2 {  // CUDA's uchar2: two bytes, 2 B aligned
    uint8_t x, y;
};

union BGRA32 {
    uint32_t d;
    uchar4 v;
    struct {
        uint8_t b, g, r, a;
    } c;
};

// SetMatYuv2Rgb(ColorSpaceStandard_BT709)'s matrix (float32, scaled by 255 / 219).
__constant__ float matYuv2Rgb[3][3] = {
    {1.16438353f, 0.0f, 1.83367121f},
    {1.16438353f, -0.218117282f, -0.545076191f},
    {1.16438353f, 2.16063023f, 0.0f}};

template <class T>
__device__ static T Clamp(T x, T lower, T upper) {
    return x < lower ? lower : (x > upper ? upper : x);
}

template <class Rgb, class YuvUnit>
__device__ inline Rgb YuvToRgbForPixel(YuvUnit y, YuvUnit u, YuvUnit v) {
    const int low = 1 << (sizeof(YuvUnit) * 8 - 4), mid = 1 << (sizeof(YuvUnit) * 8 - 1);
    float fy = (int)y - low, fu = (int)u - mid, fv = (int)v - mid;
    const float maxf = (1 << sizeof(YuvUnit) * 8) - 1.0f;
    YuvUnit r = (YuvUnit)Clamp(__fadd_rn(__fadd_rn(__fmul_rn(matYuv2Rgb[0][0], fy),
                                                   __fmul_rn(matYuv2Rgb[0][1], fu)),
                                         __fmul_rn(matYuv2Rgb[0][2], fv)),
                               0.0f, maxf),
            g = (YuvUnit)Clamp(__fadd_rn(__fadd_rn(__fmul_rn(matYuv2Rgb[1][0], fy),
                                                   __fmul_rn(matYuv2Rgb[1][1], fu)),
                                         __fmul_rn(matYuv2Rgb[1][2], fv)),
                               0.0f, maxf),
            b = (YuvUnit)Clamp(__fadd_rn(__fadd_rn(__fmul_rn(matYuv2Rgb[2][0], fy),
                                                   __fmul_rn(matYuv2Rgb[2][1], fu)),
                                         __fmul_rn(matYuv2Rgb[2][2], fv)),
                               0.0f, maxf);

    Rgb rgb{};
    const int nShift = abs((int)sizeof(YuvUnit) - (int)sizeof(rgb.c.r)) * 8;
    if (sizeof(YuvUnit) >= sizeof(rgb.c.r)) {
        rgb.c.r = r >> nShift;
        rgb.c.g = g >> nShift;
        rgb.c.b = b >> nShift;
    } else {
        rgb.c.r = r << nShift;
        rgb.c.g = g << nShift;
        rgb.c.b = b << nShift;
    }
    return rgb;
}

template <class YuvUnitx2, class Rgb, class RgbUnitx2>
__device__ static void YuvToRgbPlanarKernel(uint8_t* pYuv, int nYuvPitch, uint8_t* pRgbp,
                                            int nRgbpPitch, int nWidth, int nHeight) {
    int x = (threadIdx.x + blockIdx.x * blockDim.x) * 2;
    int y = ga_row() * 2;
    if (x + 1 >= nWidth || y + 1 >= nHeight) {
        return;
    }

    uint8_t* pSrc = pYuv + x * sizeof(YuvUnitx2) / 2 + y * nYuvPitch;

    YuvUnitx2 l0 = *(YuvUnitx2*)pSrc;
    YuvUnitx2 l1 = *(YuvUnitx2*)(pSrc + nYuvPitch);
    YuvUnitx2 ch = *(YuvUnitx2*)(pSrc + (nHeight - y / 2) * nYuvPitch);

    Rgb rgb0 = YuvToRgbForPixel<Rgb>(l0.x, ch.x, ch.y),
        rgb1 = YuvToRgbForPixel<Rgb>(l0.y, ch.x, ch.y),
        rgb2 = YuvToRgbForPixel<Rgb>(l1.x, ch.x, ch.y),
        rgb3 = YuvToRgbForPixel<Rgb>(l1.y, ch.x, ch.y);

    uint8_t* pDst = pRgbp + x * sizeof(RgbUnitx2) / 2 + y * nRgbpPitch;
    *(RgbUnitx2*)pDst = RgbUnitx2{rgb0.v.x, rgb1.v.x};
    *(RgbUnitx2*)(pDst + nRgbpPitch) = RgbUnitx2{rgb2.v.x, rgb3.v.x};
    pDst += nRgbpPitch * nHeight;
    *(RgbUnitx2*)pDst = RgbUnitx2{rgb0.v.y, rgb1.v.y};
    *(RgbUnitx2*)(pDst + nRgbpPitch) = RgbUnitx2{rgb2.v.y, rgb3.v.y};
    pDst += nRgbpPitch * nHeight;
    *(RgbUnitx2*)pDst = RgbUnitx2{rgb0.v.z, rgb1.v.z};
    *(RgbUnitx2*)(pDst + nRgbpPitch) = RgbUnitx2{rgb2.v.z, rgb3.v.z};
}

extern "C" __global__ void vcsdk_nv12_bgrp(unsigned* pYuvWords, int nYuvPitch, unsigned* pRgbpWords,
                                           int nRgbpPitch, int nWidth, int nHeight) {
    YuvToRgbPlanarKernel<nv_uchar2, BGRA32, nv_uchar2>(
        reinterpret_cast<uint8_t*>(pYuvWords), nYuvPitch, reinterpret_cast<uint8_t*>(pRgbpWords),
        nRgbpPitch, nWidth, nHeight);
}
