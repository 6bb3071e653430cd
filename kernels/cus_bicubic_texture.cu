// Bicubic B-spline magnification of an 8-bit image, the CUDA Samples' bicubicTexture
// d_renderBicubic with tex2DBicubic (Samples/5_Domain_Specific/bicubicTexture/
// bicubicTexture_kernel.cuh: the "slow but precise" mode, 16 point-sampled texture reads a
// pixel), one output pixel per thread (blind check set 35: written after calibration, never
// fitted on; its sweeps go to fixtures/hopper/blind35/ once recorded). Output pixel (x, y)
// samples the image at u = (x - cx) scale + cx + tx, v likewise: x - 0.5, floor and fraction,
// the 4 x 4 texels from (px - 1, py - 1) (clamped to the image, read as value / 255: the
// sample's cudaAddressModeClamp, cudaFilterModePoint and cudaReadModeNormalizedFloat), the
// cubic B-spline weights w0..w3 of the fractions (the sample's Horner forms), four
// horizontal cubicFilter sums and one vertical. As in the sample: x and y as unsigned from
// __umul24, i = __umul24(y, width) + x, u and v computed before the bounds test, the
// nested cubicFilter calls in the sample's order, c * 0xff written. Departures: the uchar4
// output (c * 255 in three channels and 0) becomes one float32 plane of c * 255 (the 8-bit
// conversion truncates, which rounding differences would flip; four bytes a pixel either
// way); the texture becomes the image's bytes read through a byte pointer, packed four to a
// 32-bit word in the buffer, each read clamped and scaled by 1 / 255; the sample's 2-D
// launch of any block (its 16 x 16 default) with z folded into the rows. Written from memory
// of the sample and checked against its public source. Per thread: 16 1 B loads (a 4 x 4
// window, rows contiguous; neighbouring output pixels share most of it: L1 hits, the image
// fits in L2), two floorf, eight cubic weights (about 40 FMAs), 20 FMAs of the filter, one
// contiguous 4 B store. float32 (the manifest's tolerance). x -> column, y*z -> row.
#include "common.cuh"

// w0, w1, w2, and w3 are the four cubic B-spline basis functions
__device__ __forceinline__ float bt_w0(float a) {
    return (1.0f / 6.0f) * (a * (a * (-a + 3.0f) - 3.0f) + 1.0f);
}
__device__ __forceinline__ float bt_w1(float a) {
    return (1.0f / 6.0f) * (a * a * (3.0f * a - 6.0f) + 4.0f);
}
__device__ __forceinline__ float bt_w2(float a) {
    return (1.0f / 6.0f) * (a * (a * (-3.0f * a + 3.0f) + 3.0f) + 1.0f);
}
__device__ __forceinline__ float bt_w3(float a) { return (1.0f / 6.0f) * (a * a * a); }

// filter 4 values using cubic splines
__device__ __forceinline__ float bt_cubicFilter(float x, float c0, float c1, float c2,
                                                float c3) {
    float r;
    r = c0 * bt_w0(x);
    r += c1 * bt_w1(x);
    r += c2 * bt_w2(x);
    r += c3 * bt_w3(x);
    return r;
}

// tex2D<float> of the 8-bit texture: point sampling, clamped, normalized
__device__ __forceinline__ float bt_tex2D(const unsigned char* __restrict__ tex, int texW,
                                          int texH, float x, float y) {
    const int ix = min(max((int)floorf(x), 0), texW - 1);
    const int iy = min(max((int)floorf(y), 0), texH - 1);
    return tex[iy * texW + ix] * (1.0f / 255.0f);
}

// slow but precise bicubic lookup using 16 texture lookups
__device__ __forceinline__ float bt_tex2DBicubic(const unsigned char* __restrict__ tex,
                                                 int texW, int texH, float x, float y) {
    x -= 0.5f;
    y -= 0.5f;
    float px = floorf(x);
    float py = floorf(y);
    float fx = x - px;
    float fy = y - py;

    return bt_cubicFilter(
        fy,
        bt_cubicFilter(fx, bt_tex2D(tex, texW, texH, px - 1, py - 1),
                       bt_tex2D(tex, texW, texH, px, py - 1),
                       bt_tex2D(tex, texW, texH, px + 1, py - 1),
                       bt_tex2D(tex, texW, texH, px + 2, py - 1)),
        bt_cubicFilter(fx, bt_tex2D(tex, texW, texH, px - 1, py),
                       bt_tex2D(tex, texW, texH, px, py),
                       bt_tex2D(tex, texW, texH, px + 1, py),
                       bt_tex2D(tex, texW, texH, px + 2, py)),
        bt_cubicFilter(fx, bt_tex2D(tex, texW, texH, px - 1, py + 1),
                       bt_tex2D(tex, texW, texH, px, py + 1),
                       bt_tex2D(tex, texW, texH, px + 1, py + 1),
                       bt_tex2D(tex, texW, texH, px + 2, py + 1)),
        bt_cubicFilter(fx, bt_tex2D(tex, texW, texH, px - 1, py + 2),
                       bt_tex2D(tex, texW, texH, px, py + 2),
                       bt_tex2D(tex, texW, texH, px + 1, py + 2),
                       bt_tex2D(tex, texW, texH, px + 2, py + 2)));
}

extern "C" __global__ void cus_bicubic_texture(float* __restrict__ d_output, unsigned width,
                                               unsigned height, float tx, float ty,
                                               float scale, float cx, float cy,
                                               const unsigned* __restrict__ image,
                                               int imageW, int imageH) {
    const unsigned char* tex = reinterpret_cast<const unsigned char*>(image);
    unsigned x = __umul24(blockIdx.x, blockDim.x) + threadIdx.x;
    unsigned y = __umul24(blockIdx.y, ga_block_rows()) + ga_row_in_block();
    unsigned i = __umul24(y, width) + x;

    float u = (x - cx) * scale + cx + tx;
    float v = (y - cy) * scale + cy + ty;

    if ((x < width) && (y < height)) {
        // write output color
        float c = bt_tex2DBicubic(tex, imageW, imageH, u, v);
        d_output[i] = c * 0xff;
    }
}
