// KBLAS's batch_permute_columns_kernel<double> (ecrc/kblas-gpu, src/batch_svd/batch_permute.cu,
// launched by batch_permute_columns behind kblas_permute_columns_batched in the same file,
// called by batch_tsqr_chol in src/batch_svd/batch_tsqr_chol.cu: the column-pivoted Cholesky
// QR of a batch of tall matrices, the pivots of the Gram matrix's pivoted Cholesky applied to
// the columns in place before the TRSM that forms Q) (blind check set 101: written after
// calibration, never fitted on). As in KBLAS: op = blockIdx.y (leaving where op > num_ops, as
// the source tests it), the block's threads copying the op's cols pivots into shared memory
// (a loop over the linear thread index), a barrier; row = blockIdx.x 32 + threadIdx.x (x the
// row of the column-major matrix), the thread's COLS_PER_THREAD = 16 columns from
// threadIdx.y 16: for each, below the op's rank, M[row + perm[column] ldm] read into a
// register array, else 0; a barrier; then each of the 16 columns below cols stored back at
// M[row + column ldm] (in place: a block owns its rows in every column, so the barrier
// orders every read of them before any write); the host's WARP_SIZE x iDivUp(cols, 16)
// threads on iDivUp(rows, 32) x num_ops blocks with cols * 4 B of dynamic shared memory.
// Departures: the block the sweep's, any shape (x the row, blockDim.x rows a block for the
// source's 32; y*z the column group, z folded in, each thread taking every by bz-th group of
// 16 columns, so that a block of any shape covers every column as the host's iDivUp(cols, 16)
// rows of threads do); the block's permuted rows held between the barriers in a cols x
// blockDim.x tile of shared memory (8 cols bx B of dynamic shared memory after the pivots)
// instead of each thread's 16-entry register array, which a thread looping over several
// groups could not keep; the barrier between the reads and the writes taken by every thread
// (the source's sits inside the row test, which partial blocks would split); the arrays of
// pointers as one strided batch (op stride cols ldm); offsets in 64 bits. Reimplemented from
// the published source (its indexing, arithmetic and control flow; none of its text). Exact:
// copies and zeros. 2-D, shared memory, a per-block work split (a block's bx rows of every
// column shared among its y*z rows of threads): a shared pivot load a thread (a loop), a
// barrier, then per 16-column group 16 8 B gathers (a warp's 256 B contiguous down one
// pivoted column at 32 rows a warp) into the shared tile, a barrier, and 16 8 B stores back
// in place (a warp's 256 B contiguous).
#include "common.cuh"

#define KB_COLS_PER_THREAD 16

extern "C" __global__ void kblas_permute_columns(int rows, int cols, double* M, int ldm,
                                                 const int* perm, const int* rank,
                                                 int num_ops) {
    extern __shared__ double kb_smem[];
    double* kb_rows = kb_smem;                                       // [cols][blockDim.x]
    int* kb_perm = reinterpret_cast<int*>(kb_smem + (long long)cols * blockDim.x);  // [cols]
    const int op = blockIdx.y;
    if (op > num_ops) return;
    double* m_op = M + (long long)op * cols * ldm;
    const int* perm_op = perm + (long long)op * cols;
    const int rank_op = rank[op];
    const unsigned nthreads = ga_nthreads();
    for (unsigned p = ga_tid(); p < (unsigned)cols; p += nthreads) kb_perm[p] = perm_op[p];
    __syncthreads();

    const int row = ga_col();
    const int groups = (cols + KB_COLS_PER_THREAD - 1) / KB_COLS_PER_THREAD;
    if (row < rows) {
        for (int g = ga_row_in_block(); g < groups; g += ga_block_rows()) {
#pragma unroll
            for (int i = 0; i < KB_COLS_PER_THREAD; ++i) {
                const int c = g * KB_COLS_PER_THREAD + i;
                if (c < cols)
                    kb_rows[(long long)c * blockDim.x + threadIdx.x] =
                        c < rank_op ? m_op[row + (long long)kb_perm[c] * ldm] : 0.0;
            }
        }
    }
    __syncthreads();
    if (row < rows) {
        for (int g = ga_row_in_block(); g < groups; g += ga_block_rows()) {
#pragma unroll
            for (int i = 0; i < KB_COLS_PER_THREAD; ++i) {
                const int c = g * KB_COLS_PER_THREAD + i;
                if (c < cols)
                    m_op[row + (long long)c * ldm] =
                        kb_rows[(long long)c * blockDim.x + threadIdx.x];
            }
        }
    }
}
