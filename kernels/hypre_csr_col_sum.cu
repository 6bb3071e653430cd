// The column sums of a CSR matrix, hypre's hypreGPUKernel_CSRMatrixComputeColSum<0>
// (hypre-space/hypre, src/seq_mv/csr_matop_device.c, launched by
// hypre_CSRMatrixComputeColSumDevice behind hypre_CSRMatrixComputeColSum, which
// hypre_ParCSRMatrixColSumDevice runs on the diagonal and off-diagonal blocks of a ParCSR
// matrix: its column sums A^T 1) (blind check set 59: written after calibration, never fitted
// on). As in hypre: one warp a row (row = blockIdx.x warps-a-block + the warp in the block),
// lanes 0 and 1 loading the row's bounds ia[row] and ia[row + 1], shared across the warp by
// __shfl_sync, then the lanes walking the row 32 apart, each nonzero's column index and value
// loaded (contiguous) and scal times the value atomically added to col_sum at the column
// (type 0: the plain sum); the host's HYPRE_1D_BLOCK_SIZE = 512 threads on cdiv(rows, 16)
// blocks. Departures: the block the sweep's, any shape (linearized, cdiv(threads, 32) warps
// a block), a block that is not a multiple of 32 giving its last warp fewer lanes, which walk
// their row that many apart (a warp of one lane reads both bounds itself); the read-only
// loads plain loads; HYPRE_Int int and HYPRE_Complex double. Reimplemented from the published
// source (its indexing, arithmetic and control flow; none of its text). Exact: whole-number
// values, the sums below 2^53 in any order. 1-D: the block is linearized, a warp per row.
#include "common.cuh"

#define WARP 32

extern "C" __global__ void hypre_csr_col_sum(int nrows, const int* __restrict__ ia,
                                             const int* __restrict__ ja,
                                             const double* __restrict__ aa, double scal,
                                             double* col_sum) {
    const int tid = (int)ga_tid();
    const int threads = (int)ga_nthreads();
    const int num_warps = (threads + WARP - 1) / WARP;
    const int warp_in_block = tid / WARP;
    const int lane = tid & (WARP - 1);
    const int lanes = min(WARP, threads - warp_in_block * WARP);  // the last may be partial
    const unsigned mask = lanes == WARP ? 0xffffffffu : (1u << lanes) - 1;
    const int row = blockIdx.x * num_warps + warp_in_block;
    if (row < nrows) {
        int p = 0, q;
        if (lane < 2) p = ia[row + lane];
        q = lanes > 1 ? __shfl_sync(mask, p, 1) : ia[row + 1];
        p = __shfl_sync(mask, p, 0);
        for (int j = p + lane; j < q; j += lanes) {
            const int col = ja[j];
            const double val = aa[j];
            atomicAdd(col_sum + col, scal * val);
        }
    }
}
