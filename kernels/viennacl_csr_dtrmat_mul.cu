// A sparse matrix times a transposed dense matrix, ViennaCL's
// compressed_matrix_d_tr_mat_mul_kernel (viennacl/viennacl-dev,
// viennacl/linalg/cuda/sparse_matrix_operations.hpp, behind prod_impl(compressed_matrix,
// matrix_expression<..., op_trans>, matrix_base): viennacl::linalg::prod(A, trans(B)) with a
// compressed_matrix A on the CUDA backend, here with both dense matrices row-major) (blind
// check set 63: written after calibration, never fitted on). As in ViennaCL (NumericT
// float): a fixed grid of 128 blocks of 128 threads; block b takes the sparse rows b, b + 128,
// ...; for each, its threads take the result's columns col = threadIdx.x, + blockDim.x, ...
// and sum, over the row's nonzeros k in order, elements[k] times d_mat(col, j) (j the
// nonzero's column: the transposed matrix's row col, column j, d_mat_internal_cols floats a
// row), then store the sum at result(row, col) (result_internal_cols floats a row; both
// internal sizes padded to ViennaCL's 128). Departures: the block the sweep's, any shape
// (linearized: the columns in passes of the block's threads), the 128 blocks kept; the start
// (0) and increment (1) of both dense matrices (whole matrices, not ranges or slices) folded
// into their row-major index; the row-major mat_mult_matrix_index functors inlined; the
// unsigned int CSR arrays as int (every index below 2^31), converted on load.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: whole-number elements and dense entries (every product and partial sum an
// integer below 2^24). 1-D: the block is linearized, one block a sparse row at a time.
#include "common.cuh"

extern "C" __global__ void viennacl_csr_dtrmat_mul(
    const int* __restrict__ sp_mat_row_indices,
    const int* __restrict__ sp_mat_col_indices, const float* __restrict__ sp_mat_elements,
    const float* __restrict__ d_mat, unsigned d_mat_internal_cols, float* __restrict__ result,
    unsigned result_row_size, unsigned result_col_size, unsigned result_internal_cols) {
    for (unsigned row = blockIdx.x; row < result_row_size; row += gridDim.x) {
        const unsigned row_start = (unsigned)sp_mat_row_indices[row];
        const unsigned row_end = (unsigned)sp_mat_row_indices[row + 1];

        for (unsigned col = ga_tid(); col < result_col_size; col += ga_nthreads()) {
            float r = 0;
            for (unsigned k = row_start; k < row_end; k++) {
                const unsigned j = (unsigned)sp_mat_col_indices[k];
                const float x = sp_mat_elements[k];
                const float y = d_mat[(unsigned long long)col * d_mat_internal_cols + j];
                r += x * y;
            }
            result[(unsigned long long)row * result_internal_cols + col] = r;
        }
    }
}
