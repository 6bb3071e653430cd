// DBCSR's batched in-place block transpose, transpose_d<m, n> (cp2k/dbcsr,
// src/acc/libsmm_acc/kernels/smm_acc_transpose.h, JIT-compiled by jit_transpose_handle and
// launched by libsmm_acc_transpose_d in src/acc/libsmm_acc/libsmm_acc.cpp: libsmm_acc_transpose,
// the accelerator driver's transposition of a stack of small dense blocks before DBCSR's
// batched small-matrix products, CP2K's sparse matrix multiplications) (blind check set 73:
// written after calibration, never fitted on). As in DBCSR: a shared buffer of m n doubles,
// offset = trs_stack[blockIdx.x], the block's m n elements loaded from mat[offset + i] (i from
// threadIdx.x in steps of blockDim.x), a barrier, then for each i r_out = i % n, c_out = i / n,
// mat[offset + i] = buf[r_out m + c_out] (the column-major m x n block rewritten as its
// n x m transpose); the host's 128 threads on one block a stack entry (nblks). Departures: the
// block the sweep's, any shape (linearized; the loops' step all the block's threads); the
// template's m and n as run-time scalars and the static buffer as dynamic shared memory (the
// manifest's way). Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: copies. 1-D: one block a stack entry.
#include "common.cuh"

extern "C" __global__ void dbcsr_transpose(const int* __restrict__ trs_stack,
                                           double* __restrict__ mat, int m, int n) {
    extern __shared__ double buf[];
    const int offset = trs_stack[blockIdx.x];
    const int tid = (int)ga_tid();
    const int step = (int)ga_nthreads();
    for (int i = tid; i < m * n; i += step) {
        buf[i] = mat[offset + i];
    }
    __syncthreads();
    for (int i = tid; i < m * n; i += step) {
        const int r_out = i % n;
        const int c_out = i / n;
        const int idx = r_out * m + c_out;
        mat[offset + i] = buf[idx];
    }
}
