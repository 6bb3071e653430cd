// DLA-Future's castToComplex<double, cuDoubleComplex> (eth-cscs/DLA-Future,
// src/eigensolver/tridiag_solver/gpu/kernels.cu, launched by the host castToComplex in the same
// file: the real eigenvectors of DLA-Future's tridiagonal eigensolver cast to a complex tile for
// the Hermitian eigensolver's back-transformation) (blind check set 87: written after
// calibration, never fitted on). As in DLA-Future: i = blockIdx.x tile_rows + threadIdx.x (the
// row of a column-major tile), j = blockIdx.y tile_cols + threadIdx.y (the column), threads
// with i >= m or j >= n leaving; out[i + j ld_out] = (in[i + j ld_in], 0); the host's
// cast_complex_kernel_tile_rows x cast_complex_kernel_tile_cols = 64 x 16 threads on
// cdiv(m, 64) x cdiv(n, 16) blocks. Departures: the block the sweep's, any shape (the tile bx
// rows by by*bz columns, z folded in); the complex output as pairs of float64 words, stored
// as one 16 B struct as cuDoubleComplex is; ld_in and ld_out in 64 bits as SizeType.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: copies (and zeros). 2-D, no shared memory: x the row of the column-major
// tile (a warp's 8 B loads 256 B contiguous, its 16 B stores 512 B contiguous), y*z the
// column (the input's columns ld_in apart, a padded leading dimension).
#include "common.cuh"

struct alignas(16) dlaf_complex {  // cuDoubleComplex: one 16 B store
    double x, y;
};

extern "C" __global__ void dlaf_cast_to_complex(unsigned m, unsigned n, const double* in,
                                                long long ld_in, double* out_words,
                                                long long ld_out) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned j = blockIdx.y * ga_block_rows() + ga_row_in_block();
    if (i >= m || j >= n) return;

    const long long in_id = i + j * ld_in;
    const long long out_id = i + j * ld_out;
    dlaf_complex* out = reinterpret_cast<dlaf_complex*>(out_words);
    dlaf_complex v;
    v.x = in[in_id];
    v.y = 0.0;
    out[out_id] = v;
}
