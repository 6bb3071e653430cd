// Theseus's tmat_vec_kernel<int> (facebookresearch/theseus, theseus/extlib/mat_mult.cu,
// launched by tmat_vec in the same file behind theseus's batched sparse ops (tmat_vec, used by
// its sparse linear solvers for J^T r, the transposed Jacobian times the residuals of a batch of
// nonlinear least-squares problems sharing one sparsity pattern) (blind check set 94: written
// after calibration, never fitted on). As in Theseus: row = blockIdx.x blockDim.x +
// threadIdx.x, batchIndex = blockIdx.y blockDim.y + threadIdx.y, nothing past the rows or the
// batch; the row's CSR run from M_rowPtr, its values at Ms_val + batchIndex M_nnz + offset, the
// row's entry vecVal = vec[batchIndex M_numRows + row], and for each nonzero of the row
// atomicAdd(retv + batchIndex M_numCols + colInd[i], vecVal * val[i]); the host's wgs = 1 x 16
// threads on M_numRows x cdiv(batchSize, 16) blocks. Departures: the block the sweep's, any
// shape (x the matrix row, y*z the batch item with z folded in); 64-bit offsets; the int index
// variant only. Reimplemented from the published source (its indexing, arithmetic and control
// flow; none of its text). Exact: whole-number values and residuals, so the double atomic sums
// are order-free. 2-D, no shared memory, x not the values' contiguous dimension: each thread two
// 4 B row-pointer loads and an 8 B residual load, then a loop over its row's nonzeros of a 4 B
// column load, an 8 B value load (x-neighbours a row's run apart, y-neighbours M_nnz * 8 B
// apart) and an 8 B double atomicAdd scattered over the batch item's columns.
#include "common.cuh"

extern "C" __global__ void theseus_tmat_vec(int batchSize, int M_numRows, int M_numCols,
                                            int M_nnz, const int* M_rowPtr, const int* M_colInd,
                                            const double* Ms_val, const double* vec,
                                            double* retv) {
    const int row = ga_col();
    const int batch = ga_row();
    if (batch >= batchSize || row >= M_numRows) return;
    const int start = M_rowPtr[row];
    const int len = M_rowPtr[row + 1] - start;
    const int* cols = M_colInd + start;
    const double* vals = Ms_val + (long long)batch * M_nnz + start;
    const double v = vec[(long long)batch * M_numRows + row];
    double* dst = retv + (long long)batch * M_numCols;
    for (int i = 0; i < len; i++) atomicAdd(dst + cols[i], v * vals[i]);
}
