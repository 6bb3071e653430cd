// ELPA's divide-and-conquer eigenvector fill, gpu_fill_ev_kernel<double> (marekandreas/elpa,
// src/solve_tridi/GPU/gpu_merge_systems.h, launched by gpu_fill_ev in the same file through
// cuda_fill_ev_FromC (src/solve_tridi/GPU/mod_merge_systems_gpu.F90) from merge_systems
// (src/solve_tridi/merge_systems_template.F90): each merge of ELPA's tridiagonal divide and
// conquer (solve_tridi, the last stage of every ELPA 1-stage and 2-stage eigensolve) building a
// strip of the new eigenvectors of the rank-one-modified system, ev(k, i) = zu(k) / (d1u(k) -
// d(j)) ev_scale(j), before the GEMM that multiplies them into q) (blind check set 77: written
// after calibration, never fitted on). As in ELPA: k = blockIdx.x blockDim.x + threadIdx.x the
// row, i = blockIdx.y blockDim.y + threadIdx.y + 1 the strip's column, inside k < nnzu, k < na,
// 1 <= i <= ncnt and nnzu >= 1: indx = idxq1[i + ns - 1], j = idx[indx - 1] (both 1-based), tmp
// = d1u[k] - dbase[j - 1], tmp = tmp + ddiff[j - 1], ev[k + gemm_dim_l (i - 1)] = zu[k] / tmp
// ev_scale[j - 1]; the host's 32 x 32 threads on cdiv(nnzu, 32) x cdiv(ncnt, 32) blocks.
// Departures: the block the sweep's, any shape (x the row k, y*z the column i, z folded in).
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: whole numbers, tmp never zero; one correctly rounded division and one
// rounded product (no sum after a product: nothing to contract), the NumPy reference's float64
// operations the same. 2-D: x -> row k (8 B loads and the 8 B store contiguous along x), y*z ->
// strip column (two dependent 4 B index loads and three 8 B gathers, one address a column).
#include "common.cuh"

extern "C" __global__ void elpa_fill_ev(double* ev, const double* d1u, const double* dbase,
                                        const double* ddiff, const double* zu,
                                        const double* ev_scale, const int* idxq1, const int* idx,
                                        int na, int gemm_dim_l, int gemm_dim_m, int nnzu, int ns,
                                        int ncnt) {
    const int k = ga_col();
    const int i = ga_row() + 1;
    if (k >= 0 && k < nnzu && k < na) {
        if (i >= 1 && i < ncnt + 1) {
            if (nnzu >= 1) {
                const int indx = idxq1[i + ns - 1];
                const int j = idx[indx - 1];
                double tmp = d1u[k] - dbase[j - 1];
                tmp = tmp + ddiff[j - 1];
                ev[k + gemm_dim_l * (i - 1)] = zu[k] / tmp * ev_scale[j - 1];
            }
        }
    }
}
