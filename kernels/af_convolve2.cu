// 2-D convolution of a batch of images with a small filter, ArrayFire's convolve2 kernel
// (src/backend/cuda/kernel/convolve2.cu(h); af::convolve2 with AF_CONV_DEFAULT, i.e. expand
// false: the output the size of the signal) (blind check set 36: written after calibration,
// never fitted on). As in ArrayFire: the images of the batch folded into blockIdx.x
// (b0 = blockIdx.x / nBBS0), the block's tile and a halo of 2 (fLen - 1) columns and rows
// (radius fLen - 1 on each side) pulled into shared memory by loops a block's width and height
// apart, 0 outside the signal, one barrier, then each output pixel inside the image sums
// fLen0 x fLen1 products of the tile (centred by fLen >> 1, the filter flipped: a true
// convolution) and the filter, float accumulation. Departures: ArrayFire's THREADS_X x
// THREADS_Y (16 x 16) static tile and the fLen0 / fLen1 template parameters become a bx x
// by*bz tile of (bx + 2 (fLen0 - 1)) x (by*bz + 2 (fLen1 - 1)) floats in dynamic shared
// memory (z folded into the rows) and runtime filter sizes; the __constant__ cFilter a global
// argument; nBBS0 (the host's divup with THREADS_X) computed in the kernel from the block; the
// Param structs dense arrays, the third batch dimension 1. Written from memory of ArrayFire's
// kernel. x -> column, y*z -> row, blockIdx.x / nBBS0 -> image.
#include "common.cuh"

extern "C" __global__ void af_convolve2(float* out, const float* signal, const float* impulse,
                                        int dims0, int dims1, int dims2, int fLen0, int fLen1) {
    extern __shared__ float shrdMem[];
    const int BX = blockDim.x, BY = ga_block_rows();
    const int nBBS0 = (dims0 + BX - 1) / BX;
    const int radius0 = fLen0 - 1, radius1 = fLen1 - 1;
    const int padding0 = 2 * radius0, padding1 = 2 * radius1;
    const int shrdLen0 = BX + padding0, shrdLen1 = BY + padding1;

    const int b0 = blockIdx.x / nBBS0;
    const float* src = signal + (long long)b0 * dims0 * dims1;
    float* dst = out + (long long)b0 * dims0 * dims1;

    const int lx = threadIdx.x, ly = ga_row_in_block();
    const int gx = BX * (blockIdx.x - b0 * nBBS0) + lx;
    const int gy = BY * blockIdx.y + ly;

    // pull the tile and its halo into shared memory
    for (int b = ly, gy2 = gy; b < shrdLen1; b += BY, gy2 += BY) {
        const int j = gy2 - radius1;
        const bool is_j = j >= 0 && j < dims1;
        for (int a = lx, gx2 = gx; a < shrdLen0; a += BX, gx2 += BX) {
            const int i = gx2 - radius0;
            const bool is_i = i >= 0 && i < dims0;
            shrdMem[b * shrdLen0 + a] = (is_i && is_j && b0 < dims2) ? src[j * dims0 + i] : 0.0f;
        }
    }
    __syncthreads();

    if (b0 < dims2 && gx < dims0 && gy < dims1) {
        const int ci = lx + radius0 + (fLen0 >> 1);
        const int cj = ly + radius1 + (fLen1 >> 1);
        float accum = 0.0f;
        for (int fj = 0; fj < fLen1; ++fj) {
            for (int fi = 0; fi < fLen0; ++fi) {
                const float f_val = impulse[fj * fLen0 + fi];
                const float s_val = shrdMem[(cj - fj) * shrdLen0 + (ci - fi)];
                accum = accum + s_val * f_val;
            }
        }
        dst[gy * dims0 + gx] = accum;
    }
}
