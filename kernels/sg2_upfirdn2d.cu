// 2x upsampling with a 4 x 4 FIR filter (upsample, FIR filter, downsample in one pass),
// StyleGAN2's UpFirDn2DKernel_small<float, 2,2, 1,1, 4,4, 64,16> (NVlabs/stylegan2,
// dnnlib/tflib/ops/upfirdn_2d.cu, behind upfirdn_2d.upsample_2d: the skip generator's RGB
// upsampling between resolutions; the same kernel in rosinality's stylegan2-pytorch
// op/upfirdn2d_kernel.cu and the models built on it) (blind check set 50: written after
// calibration, never fitted on). As in StyleGAN2: the input [majorDim, inH, inW, minorDim]
// (minorDim 1: the N C planes of NCHW), blockIdx.x the tile's row of tiles times minorDim plus
// the minor index, blockIdx.y the tile's column of tiles (loopX tiles a block), blockIdx.z
// loopMajor planes; a block whose tile starts past the output returns; the filter loaded
// flipped into shared memory (sk), then per tile a barrier, the tile's input window of tileInH
// x tileInW pixels (tileIn = ((tileOut - 1) down + kernel - 1) / up + 1, zero outside the
// image) loaded into shared memory (sx) by the block's threads in turn, a barrier, and per
// output pixel midX = outX down + up - 1 - padx0, inX = floorDiv(midX, up), kernelX = (inX +
// 1) up - midX - 1 and the 2 x 2 taps v += sx[relInY + y][relInX + x] sk[kernelY + y
// up][kernelX + x up] (y, x in order), stored where inside the output; floorDiv as StyleGAN2's
// (t = 1 - a / b, (a + t b) / b - t); the host's 256 threads on (ceil(outH / 16) minorDim,
// ceil(outW / (loopX 64)), ceil(majorDim / loopMajor)) blocks, loopMajor = (majorDim - 1) /
// 16384 + 1, loopX 1. Departures: the 64 x 16 output tile (template arguments tileOutW,
// tileOutH) the block's shape, bx wide and by*bz high (z folded into the rows), so that the
// output loop (outIdx from the thread's linear index stepping by the block's threads) runs
// once and the input window is sized from the block (the fetch loop over the linearized
// block); the grid cdiv(outH, by*bz) minorDim x cdiv(outW, loopX bx) x cdiv(majorDim,
// loopMajor); the static __shared__ sk and sx one dynamic allocation (16 floats, then
// tileInH x tileInW); the params struct's fields the entry's arguments, the __global__
// template's body a __device__ function; the products and sums written with __fmul_rn and
// __fadd_rn (no FMA contraction). Written from memory. Exact (whole-number pixels and taps:
// every product and sum a small integer). x -> a tile's column, y*z -> its row.
#include "common.cuh"

template <class T>
struct UpFirDn2DKernelParams {
    const T* x;  // [majorDim, inH, inW, minorDim]
    const T* k;  // [kernelH, kernelW]
    T* y;        // [majorDim, outH, outW, minorDim]
    int upx, upy, downx, downy, padx0, padx1, pady0, pady1;
    int majorDim, inH, inW, minorDim, kernelH, kernelW, outH, outW;
    int loopMajor, loopX;
};

static __device__ __forceinline__ int floorDiv(int a, int b) {
    int t = 1 - a / b;
    return (a + t * b) / b - t;
}

template <class T, int upx, int upy, int downx, int downy, int kernelW, int kernelH>
static __device__ void UpFirDn2DKernel_small(const UpFirDn2DKernelParams<T> p) {
    // The output tile: the block.
    const int tileOutW = blockDim.x;
    const int tileOutH = ga_block_rows();

    // Calculate thread index.
    int minorIdx = blockIdx.x;
    int tileOutY = minorIdx / p.minorDim;
    minorIdx -= tileOutY * p.minorDim;
    tileOutY *= tileOutH;
    int tileOutXBase = blockIdx.y * p.loopX * tileOutW;
    int majorIdxBase = blockIdx.z * p.loopMajor;
    if (tileOutXBase >= p.outW | tileOutY >= p.outH | majorIdxBase >= p.majorDim) return;

    // Setup shared memory.
    const int tileInW = ((tileOutW - 1) * downx + kernelW - 1) / upx + 1;
    const int tileInH = ((tileOutH - 1) * downy + kernelH - 1) / upy + 1;
    extern __shared__ T smem[];  // sk[kernelH][kernelW], then sx[tileInH][tileInW]
    volatile T* sk = smem;
    volatile T* sx = smem + kernelH * kernelW;

    // Load kernel (flipped).
    for (int tapIdx = ga_tid(); tapIdx < kernelH * kernelW; tapIdx += ga_nthreads()) {
        int ky = tapIdx / kernelW;
        int kx = tapIdx - ky * kernelW;
        T v = 0;
        if (kx < p.kernelW & ky < p.kernelH)
            v = p.k[(p.kernelH - 1 - ky) * p.kernelW + (p.kernelW - 1 - kx)];
        sk[ky * kernelW + kx] = v;
    }

    // Loop over majorDim and outX.
    for (int loopMajor = 0, majorIdx = majorIdxBase;
         loopMajor < p.loopMajor & majorIdx < p.majorDim; loopMajor++, majorIdx++)
        for (int loopX = 0, tileOutX = tileOutXBase; loopX < p.loopX & tileOutX < p.outW;
             loopX++, tileOutX += tileOutW) {
            // Load input pixels.
            int tileMidX = tileOutX * downx + upx - 1 - p.padx0;
            int tileMidY = tileOutY * downy + upy - 1 - p.pady0;
            int tileInX = floorDiv(tileMidX, upx);
            int tileInY = floorDiv(tileMidY, upy);
            __syncthreads();
            for (int inIdx = ga_tid(); inIdx < tileInH * tileInW; inIdx += ga_nthreads()) {
                int relInY = inIdx / tileInW;
                int relInX = inIdx - relInY * tileInW;
                int inX = relInX + tileInX;
                int inY = relInY + tileInY;
                T v = 0;
                if (inX >= 0 & inY >= 0 & inX < p.inW & inY < p.inH)
                    v = p.x[((majorIdx * p.inH + inY) * p.inW + inX) * p.minorDim + minorIdx];
                sx[relInY * tileInW + relInX] = v;
            }

            // Loop over output pixels.
            __syncthreads();
            for (int outIdx = ga_tid(); outIdx < tileOutH * tileOutW; outIdx += ga_nthreads()) {
                int relOutY = outIdx / tileOutW;
                int relOutX = outIdx - relOutY * tileOutW;
                int outX = relOutX + tileOutX;
                int outY = relOutY + tileOutY;

                // Setup receptive field.
                int midX = tileMidX + relOutX * downx;
                int midY = tileMidY + relOutY * downy;
                int inX = floorDiv(midX, upx);
                int inY = floorDiv(midY, upy);
                int relInX = inX - tileInX;
                int relInY = inY - tileInY;
                int kernelX = (inX + 1) * upx - midX - 1;  // flipped
                int kernelY = (inY + 1) * upy - midY - 1;  // flipped

                // Inner loop.
                T v = 0;
#pragma unroll
                for (int y = 0; y < kernelH / upy; y++)
#pragma unroll
                    for (int x = 0; x < kernelW / upx; x++)
                        v = __fadd_rn(v, __fmul_rn(sx[(relInY + y) * tileInW + relInX + x],
                                                   sk[(kernelY + y * upy) * kernelW + kernelX +
                                                      x * upx]));

                // Store result.
                if (outX < p.outW & outY < p.outH)
                    p.y[((majorIdx * p.outH + outY) * p.outW + outX) * p.minorDim + minorIdx] = v;
            }
        }
}

extern "C" __global__ void sg2_upfirdn2d(const float* x, const float* k, float* y, int upx,
                                         int upy, int downx, int downy, int padx0, int padx1,
                                         int pady0, int pady1, int majorDim, int inH, int inW,
                                         int minorDim, int kernelH, int kernelW, int outH,
                                         int outW, int loopMajor, int loopX) {
    UpFirDn2DKernelParams<float> p;
    p.x = x;
    p.k = k;
    p.y = y;
    p.upx = upx;
    p.upy = upy;
    p.downx = downx;
    p.downy = downy;
    p.padx0 = padx0;
    p.padx1 = padx1;
    p.pady0 = pady0;
    p.pady1 = pady1;
    p.majorDim = majorDim;
    p.inH = inH;
    p.inW = inW;
    p.minorDim = minorDim;
    p.kernelH = kernelH;
    p.kernelW = kernelW;
    p.outH = outH;
    p.outW = outW;
    p.loopMajor = loopMajor;
    p.loopX = loopX;
    UpFirDn2DKernel_small<float, 2, 2, 1, 1, 4, 4>(p);
}
