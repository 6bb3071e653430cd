// Greyscale dilation of a batch of images by a structuring mask, ArrayFire's morph kernel
// (src/backend/cuda/kernel/morph.cuh; af::dilate) (blind check set 36: written after
// calibration, never fitted on). As in ArrayFire: the images of the batch folded into
// blockIdx.x (b2 = blockIdx.x / nBBS0), halo = windLen / 2 and padding 2 halo (windLen odd),
// a shared-memory tile blockDim.x + padding + 1 floats wide (the + 1 against bank conflicts)
// and blockDim.y + padding rows, pulled in by loops a block's width and height apart through
// load2ShrdMem (the dilation's identity, -infinity, outside the image), one barrier, then for
// each of the windLen x windLen mask taps greater than 0 the maximum of the tile's pixel, the
// pixel stored if inside the image. Departures: the 16 x 16 block becomes bx x by*bz (z folded
// into the rows); the windLen template parameter a runtime argument; the __constant__ cFilter
// mask a global argument; nBBS0 (the host's divup) computed in the kernel from the block; the
// Param structs dense arrays, the third batch dimension 1. Written from memory of ArrayFire's
// kernel. x -> column, y*z -> row, blockIdx.x / nBBS0 -> image.
#include "common.cuh"

__device__ __forceinline__ void af_load2ShrdMem(float* shrd, const float* in, int lx, int ly,
                                                int shrdStride, int dim0, int dim1, int gx,
                                                int gy) {
    float val = -INFINITY;  // Binary<float, af_max_t>::init()
    if (gx >= 0 && gx < dim0 && gy >= 0 && gy < dim1) val = in[gy * dim0 + gx];
    shrd[ly * shrdStride + lx] = val;
}

extern "C" __global__ void af_morph(float* out, const float* in, const float* mask, int dims0,
                                    int dims1, int dims2, int windLen) {
    extern __shared__ float shrdMem[];
    const int BX = blockDim.x, BY = ga_block_rows();
    const int nBBS0 = (dims0 + BX - 1) / BX;
    const int halo = windLen / 2;
    const int padding = (windLen % 2 == 0 ? (windLen - 1) : (2 * halo));
    const int shrdLen = BX + padding + 1;
    const int shrdLen1 = BY + padding;

    const int b2 = blockIdx.x / nBBS0;
    const float* iptr = in + (long long)b2 * dims0 * dims1;
    float* optr = out + (long long)b2 * dims0 * dims1;

    const int lx = threadIdx.x, ly = ga_row_in_block();
    const int gx = BX * (blockIdx.x - b2 * nBBS0) + lx;
    const int gy = BY * blockIdx.y + ly;

    for (int b = ly, gy2 = gy; b < shrdLen1; b += BY, gy2 += BY) {
        for (int a = lx, gx2 = gx; a < shrdLen; a += BX, gx2 += BX) {
            af_load2ShrdMem(shrdMem, iptr, a, b, shrdLen, dims0, b2 < dims2 ? dims1 : 0,
                            gx2 - halo, gy2 - halo);
        }
    }
    const int i = lx + halo;
    const int j = ly + halo;
    __syncthreads();

    float acc = -INFINITY;
    for (int wj = 0; wj < windLen; ++wj) {
        const int joff = wj * windLen;
        const int w_joff = (j + wj - halo) * shrdLen;
        for (int wi = 0; wi < windLen; ++wi) {
            if (mask[joff + wi] > 0.0f) {
                const float cur = shrdMem[w_joff + (i + wi - halo)];
                acc = fmaxf(acc, cur);
            }
        }
    }
    if (b2 < dims2 && gx < dims0 && gy < dims1) optr[gy * dims0 + gx] = acc;
}
