// OSQP's fill_full_matrix_kernel (osqp/osqp, algebra/cuda/src/cuda_csr.cu, launched by
// csr_triu_to_full in the same file: the first step of expanding the upper triangle of the
// QP's cost matrix P, held in COO form, into the full symmetric matrix on the GPU, every
// entry copied and mirrored, the diagonal's mirrors marked for removal and counted) (blind
// check set 106: written after calibration, never fitted on). As in OSQP: idx the thread
// index and a grid-stride loop over the nnz entries; row_ind_out[i] and col_ind_out[i] the
// entry's row and column; on the diagonal has_non_zero_diag_element[row] = 1, the mirror at i
// + nnz given the dummy indices column + n and row + n, and nnz_on_diag counted by an atomic
// add; off it the mirror (column, row) at i + nnz; the host's THREADS_PER_BLOCK = 1024
// threads (algebra/cuda/include/cuda_configure.h) on nnz / 1024 + 1 blocks. Departures: the
// block the sweep's, any shape (linearized, the grid-stride loop over all the block's
// threads); cdiv(nnz, threads) blocks (the host's one block more where 1024 divides nnz);
// c_int as int32 (OSQP's default). Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: integer copies and a count. 1-D, no
// shared memory, a grid-stride loop: two 4 B loads and four 4 B stores a thread (a warp's
// 128 B contiguous each, the mirrors nnz * 4 B further on), on the diagonal a 4 B flag store
// (scattered) and an atomic add on one counter.
#include "common.cuh"

extern "C" __global__ void osqp_fill_full_matrix(int* row_ind_out, int* col_ind_out,
                                                 int* nnz_on_diag,
                                                 int* has_non_zero_diag_element,
                                                 const int* row_ind_in, const int* col_ind_in,
                                                 int nnz, int n) {
    const long long idx = ga_linear();
    const long long grid_size = (long long)ga_nthreads() * gridDim.x;
    for (long long i = idx; i < nnz; i += grid_size) {
        const int row = row_ind_in[i];
        const int column = col_ind_in[i];
        row_ind_out[i] = row;
        col_ind_out[i] = column;
        if (row == column) {
            has_non_zero_diag_element[row] = 1;
            row_ind_out[i + nnz] = column + n;
            col_ind_out[i + nnz] = row + n;
            atomicAdd(nnz_on_diag, 1);
        } else {
            row_ind_out[i + nnz] = column;
            col_ind_out[i + nnz] = row;
        }
    }
}
