// Copying indexed rows between column-major matrices, DCA++'s copyRows kernel (CompFUSE/DCA,
// src/linalg/blas/kernels_gpu.cu, behind dca::linalg::blas::copyRows in the same file, called
// by dca::linalg::matrixop::copyRows(mat_x, i_x, mat_y, i_y): the CT-AUX and CT-INT quantum
// Monte Carlo solvers' row moves of their N and G matrices on the GPU) (blind check set 71:
// written after calibration, never fitted on). As in DCA++: ind_i = the global x below
// n_rows, the block's y a group of copy_block_size_y = 8 columns js = 8 blockIdx.y to je =
// min(row_size, js + 8), iy = i_y[ind_i], ix = i_x[ind_i], y[iy + j ldy] = x[ix + j ldx] for
// j in [js, je); the host's copy_block_size_x = 32 threads on cdiv(n_rows, 32) x
// cdiv(row_size, 8) blocks (asserting a one-dimensional block). Departures: the block the
// sweep's, any shape (x the row of the index lists, y*z the group of 8 columns inside the
// block, z folded in: the grid's y a block of groups, cdiv(cdiv(row_size, 8), by*bz) of them).
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: copies. 2-D: x -> indexed row, y*z -> a group of 8 columns, looped.
#include "common.cuh"

#define DCA_COPY_BLOCK_SIZE_Y 8

extern "C" __global__ void dca_copy_rows(int row_size, int n_rows, const int* __restrict__ i_x,
                                         const double* __restrict__ x, int ldx,
                                         const int* __restrict__ i_y, double* __restrict__ y,
                                         int ldy) {
    const int ind_i = ga_col();
    const int group = ga_row();
    const int js = group * DCA_COPY_BLOCK_SIZE_Y;
    const int je = min(row_size, js + DCA_COPY_BLOCK_SIZE_Y);
    if (ind_i < n_rows) {
        const int iy = i_y[ind_i];
        const int ix = i_x[ind_i];
        for (int j = js; j < je; ++j) {
            y[iy + (long long)j * ldy] = x[ix + (long long)j * ldx];
        }
    }
}
