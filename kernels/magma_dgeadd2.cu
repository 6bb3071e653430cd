// B = alpha A + beta B on column-major float64 matrices, MAGMA's dgeadd2_full (icl-utk-edu/magma,
// magmablas/zgeadd2.cu in double precision, behind magmablas_dgeadd2) (blind check set 47:
// written after calibration, never fitted on). As in MAGMA: BLK_Y = 32 columns a block
// column; ind = the row (x), iby = the block column's first column; a thread of a row inside
// the matrix (ind < m) offsets dA and dB to (ind, iby) and, where the block column is full
// (iby + BLK_Y <= n), updates its BLK_Y entries dB[j lddb] = alpha dA[j ldda] + beta
// dB[j lddb] in an unrolled loop, else those with iby + j < n (the partial last block
// column); the padding rows past m (up to ldda and lddb) untouched. Departures: MAGMA's block
// is BLK_X = 64 threads along x with the grid ceil(m / BLK_X) x ceil(n / BLK_Y); here x is the
// row (bx a block, ind = blockIdx.x bx + threadIdx.x) and y*z the block column (by*bz block
// columns a block, the grid cdiv(m, bx) x cdiv(n, BLK_Y by*bz)), so a 64 x 1 block is
// MAGMA's launch; a thread whose block column starts past n does nothing (iby < n: MAGMA's
// grid has no such thread) and the pointer offsets are 64-bit; the magma_queue_t's stream
// and MAGMA's argument checks on the host left out. Written from memory. Exact (integer-valued matrices, alpha and beta multiples of 1/4:
// every product and sum exact, with or without FMA contraction). x -> row of the
// column-major matrix (contiguous), y*z -> a block column of 32 columns.
#include "common.cuh"

#define BLK_Y 32

extern "C" __global__ void magma_dgeadd2(int m, int n, double alpha, const double* dA, int ldda,
                                         double beta, double* dB, int lddb) {
    int ind = blockIdx.x * blockDim.x + threadIdx.x;
    int iby = ga_row() * BLK_Y;
    /* check if full block-column */
    bool full = (iby + BLK_Y <= n);
    /* do only rows inside matrix */
    if (ind < m && iby < n) {
        dA += ind + (long long)iby * ldda;
        dB += ind + (long long)iby * lddb;
        if (full) {
            // full block-column
#pragma unroll
            for (int j = 0; j < BLK_Y; ++j) {
                dB[j * lddb] = alpha * dA[j * ldda] + beta * dB[j * lddb];
            }
        } else {
            // partial block-column
            for (int j = 0; j < BLK_Y && iby + j < n; ++j) {
                dB[j * lddb] = alpha * dA[j * ldda] + beta * dB[j * lddb];
            }
        }
    }
}
