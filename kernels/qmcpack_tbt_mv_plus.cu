// QMCPACK's term-by-term matrix-vector add, kernel_tbt_mv_plus<thrust::complex<double>, double>
// (QMCPACK/qmcpack, src/AFQMC/Numerics/detail/CUDA/Kernels/term_by_term_matrix_vec.cu, launched
// by term_by_term_mat_vec_plus(dim, nrow, ncol, std::complex<double>* A, lda, double* x, incx)
// in the same file, AFQMC's GPU back end of its term-by-term matrix-vector operations (its
// callers not read)) (blind check set 82: written after calibration, never fitted on). As in
// QMCPACK: a single block (any other block returns), threads with threadIdx.x > nrow or
// threadIdx.y > ncol returning, then for dim == 0 every A[i lda + j] += x[i incx] and otherwise
// A[i lda + j] += x[j incx], i from threadIdx.x in steps of blockDim.x below nrow and j from
// threadIdx.y in steps of blockDim.y below ncol (a complex A plus a real x: its real part only);
// the host's min(nrow, 32) x min(ncol, 32) threads on ONE block. Departures: the block the
// sweep's, any shape (x the row i, y*z the column j, z folded in: j in steps of by*bz); the
// complex entries as pairs of doubles (real, imaginary), the imaginary part never written; the
// offsets in 64 bits. Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: sums of whole numbers. 2-D, one block: x -> row i (a
// thread's entries a row, lda x 16 B, from its x neighbours': NOT the contiguous axis), y*z ->
// column j; per entry an 8 B load of x, an 8 B load and an 8 B store of A's real part.
#include "common.cuh"

extern "C" __global__ void qmcpack_tbt_mv_plus(int dim, int nrow, int ncol, double* A, int lda,
                                               const double* x, int incx) {
    if (blockIdx.x > 0 || blockIdx.y > 0 || blockIdx.z > 0) return;  // a single block
    const int ti = threadIdx.x;
    const int tj = ga_row_in_block();
    if (ti > nrow) return;
    if (tj > ncol) return;
    const int step_i = blockDim.x;
    const int step_j = ga_block_rows();
    if (dim == 0) {
        for (int i = ti; i < nrow; i += step_i) {
            for (int j = tj; j < ncol; j += step_j) {
                A[2 * ((long long)i * lda + j)] += x[(long long)i * incx];
            }
        }
    } else {
        for (int i = ti; i < nrow; i += step_i) {
            for (int j = tj; j < ncol; j += step_j) {
                A[2 * ((long long)i * lda + j)] += x[(long long)j * incx];
            }
        }
    }
}
