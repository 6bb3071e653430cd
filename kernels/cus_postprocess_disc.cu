// Disc blur with brightened highlights of an RGBA8 image, the CUDA Samples' postProcessGL
// cudaProcess (Samples/5_Domain_Specific/postProcessGL/postProcessGL.cu: the image filter the
// sample runs on each rendered frame), one pixel per thread (blind check set 32: written after
// calibration, never fitted on; its sweeps go to fixtures/hopper/blind32/ once recorded). The
// block's bx x by*bz pixels and an r-pixel apron around them are staged in a dynamic shared
// tile of (bx + 2r) x (by*bz + 2r) uchar4 (its width tilew = bx + 2r computed in the kernel:
// the sample's host passes it); each
// pixel then sums, over the (2r + 1)^2 window, the pixels inside the disc dx^2 + dy^2 <= r^2,
// each taken times highlight when its luminance (R + G + B) / 765 is above threshold, and
// stores the means of R, G and B, clamped to [0, 255] and truncated, packed R | G << 8 | B <<
// 16 (the sample's rgbToInt). Departures: the sample loads the apron with one thread per
// apron pixel for threads with tx < r or ty < r (so its block must be at least r wide and
// tall, and its top-right corner reads x + bh for x + bw, a slip harmless for its square
// blocks); here the tile is loaded by rows ty, ty + by*bz, ... and columns tx, tx + bx, ...
// of it, whatever the block; the texture (point sampling, unnormalized coordinates: edge
// clamping) becomes a global load at clamped coordinates; threads past the image store
// nothing (the sample's image is a multiple of the block). The sample's radius 8, threshold
// 0.8 and highlight 4 (launch_cudaProcess). Per pixel: ~(1 + 2r/bx)(1 + 2r/(by*bz)) 4 B
// loads into the tile, one barrier, (2r + 1)^2 shared loads and compares, ~200 (r = 8)
// taps of 3 conversions, a division and a compare, and a 4 B store. float32 on integers:
// exact. x -> column, y*z -> row.
#include "common.cuh"

#define SMEM(X, Y) sdata[(Y) * tilew + (X)]

__device__ __forceinline__ float cus_pp_clamp(float x, float a, float b) { return max(a, min(b, x)); }

// convert floating point rgb color to 8-bit integer
__device__ __forceinline__ int cus_pp_rgbToInt(float r, float g, float b) {
    r = cus_pp_clamp(r, 0.0f, 255.0f);
    g = cus_pp_clamp(g, 0.0f, 255.0f);
    b = cus_pp_clamp(b, 0.0f, 255.0f);
    return (int(b) << 16) | (int(g) << 8) | int(r);
}

// get pixel from 2D image, with clamping to border (the texture's point sampling)
__device__ __forceinline__ uchar4 cus_pp_getPixel(const unsigned* g_idata, int x, int y, int imgw,
                                                  int imgh) {
    x = max(0, min(imgw - 1, x));
    y = max(0, min(imgh - 1, y));
    return reinterpret_cast<const uchar4*>(g_idata)[y * imgw + x];
}

extern "C" __global__ void cus_postprocess_disc(unsigned* __restrict__ g_odata,
                                                const unsigned* __restrict__ g_idata, int imgw,
                                                int imgh, int r, float threshold,
                                                float highlight) {
    extern __shared__ uchar4 sdata[];
    const int tilew = blockDim.x + 2 * r;  // the sample's host passes block.x + 2 radius

    int tx = threadIdx.x;
    int ty = ga_row_in_block();
    int bw = blockDim.x;
    int bh = ga_block_rows();
    int x = blockIdx.x * bw + tx;
    int y = blockIdx.y * bh + ty;

    // copy tile to shared memory: the block's pixels and the apron, any block shape
    for (int j = ty; j < bh + 2 * r; j += bh)
        for (int i = tx; i < tilew; i += bw)
            SMEM(i, j) = cus_pp_getPixel(g_idata, x - tx - r + i, y - ty - r + j, imgw, imgh);

    // wait for loads to complete
    __syncthreads();

    if (x >= imgw || y >= imgh) return;

    // perform convolution
    float rsum = 0.0f;
    float gsum = 0.0f;
    float bsum = 0.0f;
    float samples = 0.0f;

    for (int dy = -r; dy <= r; dy++) {
        for (int dx = -r; dx <= r; dx++) {
            uchar4 pixel = SMEM(r + tx + dx, r + ty + dy);

            // only sum pixels within disc-shaped kernel
            float l = dx * dx + dy * dy;

            if (l <= r * r) {
                float r = float(pixel.x);
                float g = float(pixel.y);
                float b = float(pixel.z);
                // brighten highlights
                float lum = (r + g + b) / (255 * 3);

                if (lum > threshold) {
                    r *= highlight;
                    g *= highlight;
                    b *= highlight;
                }

                rsum += r;
                gsum += g;
                bsum += b;
                samples += 1.0f;
            }
        }
    }

    rsum /= samples;
    gsum /= samples;
    bsum /= samples;
    // ABGR
    g_odata[y * imgw + x] = cus_pp_rgbToInt(rsum, gsum, bsum);
}
