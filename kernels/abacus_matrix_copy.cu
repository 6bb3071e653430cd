// ABACUS' strided matrix copy, matrix_copy_kernel<thrust::complex<double>>
// (deepmodeling/abacus-develop, source/module_base/kernels/cuda/math_kernel_op.cu, behind
// matrixCopy<std::complex<double>, DEVICE_GPU> in the same file: a block of wave-function
// coefficients moved between arrays of different leading dimensions (n_basis_max and the
// k-point's own basis) around the plane-wave eigensolvers' subspace steps) (blind check set
// 73: written after calibration, never fitted on). As in ABACUS: i = blockIdx.x blockDim.x +
// threadIdx.x, j = blockIdx.y blockDim.y + threadIdx.y, inside (i < n1 and j < n2) B[i LDB +
// j] = A[i LDA + j] (x the slow index, the row of LDA elements; y the contiguous one); the
// host's 16 x 16 threads on cdiv(n1, 16) x cdiv(n2, 16) blocks. Departures: the block the
// sweep's, any shape (x the band i, y*z the coefficient j, z folded in); thrust::complex<double>
// as a 16-byte-aligned pair of doubles (one 16 B load and store, as thrust's). Reimplemented
// from the published source (its indexing, arithmetic and control flow; none of its text).
// Exact: copies. 2-D: x -> band i (rows LDA apart), y*z -> coefficient j (contiguous).
#include "common.cuh"

struct alignas(16) abacus_zcomplex {
    double re, im;
};

extern "C" __global__ void abacus_matrix_copy(int n1, int n2, const double* __restrict__ A,
                                              int LDA, double* __restrict__ B, int LDB) {
    const int i = ga_col();
    const int j = ga_row();
    if (i < n1 && j < n2) {
        const abacus_zcomplex* a = reinterpret_cast<const abacus_zcomplex*>(A);
        abacus_zcomplex* b = reinterpret_cast<abacus_zcomplex*>(B);
        b[i * LDB + j] = a[i * LDA + j];
    }
}
