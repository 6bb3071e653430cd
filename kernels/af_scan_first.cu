// Inclusive scan (prefix sum) along each row of a matrix, ArrayFire's scan_first_kernel
// (src/backend/cuda/kernel/scan_first.cuh, what af::accum / af::scan along dimension 0 run on
// CUDA) (blind check set 43: written after calibration, never fitted on). As in ArrayFire:
// x -> a chunk of DIMX columns of a row, y -> the row; each thread row of the block walks its
// row in lim chunks of DIMX elements (the pass with one block along the row, blocks_x = 1,
// lim = cdiv(cols, DIMX): the final pass, no block totals stored), each chunk scanned in
// shared memory by Hillis and Steele's double-buffered steps (off = 1, 2, 4 ... with the two
// halves of the row's 2 DIMX + 1 words alternating, a barrier a step), the previous chunk's
// total kept by the row's last thread in s_tmp[tidy] and added to every element, the chunk
// stored where inside the row. Departures: DIMX the block's width and DIMY the block's rows,
// any shape (ArrayFire's THREADS_X x THREADS_PER_BLOCK / THREADS_X templates), s_val and
// s_tmp one dynamic allocation of (2 DIMX + 2) DIMY words, lim computed in the kernel from the
// grid (ArrayFire's host code passes it); the z and w dimensions (blocks
// folded into blockIdx.x and blockIdx.y) dropped: one 2-D matrix; int data with the add op
// (Transform the identity, init 0); z folded into the rows. Written from memory. Integer data:
// exact. x -> column chunk, y*z -> row; the grid is one block wide (the row looped over).
#include "common.cuh"

extern "C" __global__ void af_scan_first(int* __restrict__ out, const int* __restrict__ in,
                                         const int cols, const int rows) {
    const int DIMX = blockDim.x;
    const int DIMY = ga_block_rows();
    // ArrayFire's host code passes lim = divup(cols, threads_x blocks_x).
    const int lim = (cols + DIMX * gridDim.x - 1) / (DIMX * gridDim.x);
    const int tidx = threadIdx.x;
    const int tidy = ga_row_in_block();

    const int xid = blockIdx.x * DIMX * lim + tidx;
    const int yid = blockIdx.y * DIMY + tidy;
    const bool cond_yzw = yid < rows;

    const int* iptr = in + (long long)yid * cols;
    int* optr = out + (long long)yid * cols;

    extern __shared__ int s_alloc[];
    int* s_val = s_alloc;
    int* s_tmp = s_alloc + (2 * DIMX + 1) * DIMY;
    int* sptr = s_val + tidy * (2 * DIMX + 1);

    const int init = 0;
    int id = xid;
    int val = init;

    const bool isLast = (tidx == (DIMX - 1));

    for (int k = 0; k < lim; k++) {
        if (isLast) s_tmp[tidy] = val;

        bool cond = (id < cols) && cond_yzw;
        val = cond ? iptr[id] : init;
        sptr[tidx] = val;
        __syncthreads();

        int start = 0;
        for (int off = 1; off < DIMX; off *= 2) {
            if (tidx >= off) val = val + sptr[(start - off) + tidx];
            start = DIMX - start;
            sptr[start + tidx] = val;
            __syncthreads();
        }

        val = val + s_tmp[tidy];
        __syncthreads();
        if (cond) optr[id] = val;
        id += DIMX;
    }
}
