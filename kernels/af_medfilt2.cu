// 2-D median filter of a batch of images, ArrayFire's medfilt2 kernel
// (src/backend/cuda/kernel/medfilt.cuh; af::medfilt2 with its default AF_PAD_ZERO) with a
// 5 x 5 window (blind check set 40: written after calibration, never fitted on). As in
// ArrayFire: the images of the batch folded into blockIdx.x (b2 = blockIdx.x / nBBS0), halo =
// (w_len - 1) / 2, a shared-memory tile of the block and a halo on every side pulled in by
// loops a block's width and height apart through load2ShrdMem (0 outside the image), one
// barrier, then the median by forgetful selection (McGuire's exchange trick: min/max pairs)
// in registers: a partial array of the window's first w_len w_wid / 2 + 2 = 14 values (row
// by row), its minimum and maximum moved to the ends and dropped, each of the 11 remaining
// values taking the dropped minimum's place before the next round, the middle of the last
// three the median. Departures: the 16 x 16 block becomes bx x by*bz (z folded into the
// rows), its static tile one dynamic allocation of (bx + 4)(by*bz + 4) floats; the w_len and
// w_wid template parameters fixed at 5 by #define; nBBS0 (the host's divup) computed in the
// kernel; the Param structs dense arrays, the batch's second dimension 1; the partial array's
// size and the order of its compare-exchanges written from memory (any order that moves the
// minimum and maximum to the ends selects the same median). Written from memory. x ->
// column, y*z -> row, blockIdx.x / cdiv(COLS, bx) -> image.
#include "common.cuh"

#define MF_W_LEN 5
#define MF_W_WID 5
#define MF_ARR_SIZE (MF_W_LEN * MF_W_WID / 2 + 2)  // 14 of the 25

// Exchange trick (Morgan McGuire, ShaderX 2008): a gets the smaller value, b the larger.
#define mf_swap(a, b)            \
    {                            \
        const float t_ = a;      \
        a = fminf(t_, b);        \
        b = fmaxf(t_, b);        \
    }

__device__ __forceinline__ void mf_load2ShrdMem(float* shrd, const float* in, int lx, int ly,
                                                int shrdStride, int dim0, int dim1, int gx,
                                                int gy) {
    if (gx < 0 || gx >= dim0 || gy < 0 || gy >= dim1)
        shrd[ly * shrdStride + lx] = 0.0f;  // AF_PAD_ZERO
    else
        shrd[ly * shrdStride + lx] = in[gy * dim0 + gx];
}

// the minimum of v[0 .. last] to v[0] and the maximum to v[last]
__device__ __forceinline__ void mf_ends(float* v, int last) {
    for (int i = 0; i < (last + 1) / 2; i++) mf_swap(v[i], v[last - i]);  // halves
    for (int i = 1; i <= last / 2; i++) mf_swap(v[0], v[i]);           // min of the low half
    for (int i = last - 1; i >= (last + 1) / 2; i--) mf_swap(v[i], v[last]);  // max, high half
}

extern "C" __global__ void af_medfilt2(float* out, const float* in, int dims0, int dims1,
                                       int dims2) {
    extern __shared__ float shrdMem[];
    const int BX = blockDim.x, BY = ga_block_rows();
    const int nBBS0 = (dims0 + BX - 1) / BX;
    const int padding = MF_W_LEN - 1;
    const int halo = padding / 2;
    const int shrdLen = BX + padding;
    const int shrdLen1 = BY + padding;

    const int b2 = blockIdx.x / nBBS0;
    const float* iptr = in + (long long)b2 * dims0 * dims1;
    float* optr = out + (long long)b2 * dims0 * dims1;

    const int lx = threadIdx.x, ly = ga_row_in_block();
    const int gx = BX * (blockIdx.x - b2 * nBBS0) + lx;
    const int gy = BY * blockIdx.y + ly;

    // pull the image into shared memory
    for (int b = ly, gy2 = gy; b < shrdLen1; b += BY, gy2 += BY) {
        for (int a = lx, gx2 = gx; a < shrdLen; a += BX, gx2 += BX) {
            mf_load2ShrdMem(shrdMem, iptr, a, b, shrdLen, dims0, dims1, gx2 - halo,
                            gy2 - halo);
        }
    }
    __syncthreads();

    if (gx >= dims0 || gy >= dims1 || b2 >= dims2) return;

    // the partial sort array: the first rows of the window, row by row
    float v[MF_ARR_SIZE];
#pragma unroll
    for (int k = 0; k < MF_ARR_SIZE; k++)
        v[k] = shrdMem[(ly + k / MF_W_LEN) * shrdLen + lx + k % MF_W_LEN];
    int last = MF_ARR_SIZE - 1;
    mf_ends(v, last);

    // each new contestant replaces the minimum; the maximum drops off the end
#pragma unroll
    for (int k = MF_ARR_SIZE; k < MF_W_LEN * MF_W_WID; k++) {
        v[0] = shrdMem[(ly + k / MF_W_LEN) * shrdLen + lx + k % MF_W_LEN];
        last--;
        mf_ends(v, last);
    }
    optr[gy * dims0 + gx] = v[1];  // v[0] <= v[1] <= v[2]: the median
}
