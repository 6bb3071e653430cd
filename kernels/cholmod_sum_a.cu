// The final assembly of a supernode's two partial updates, CHOLMOD's kernelSumA
// (DrTimothyAldenDavis/SuiteSparse, CHOLMOD/GPU/cholmod_gpu_kernels.cu, behind sumAOnDevice
// in the same file: t_cholmod_gpu.c's gpu_final_assembly, in cholmod_super_numeric's
// GPU-accelerated supernodal Cholesky, adds the descendants' updates summed on the device to
// those summed on the host for every supernode large enough for the GPU's potrf, with alpha
// -1) (blind check set 66: written after calibration, never fitted on). As in CHOLMOD: one
// thread an entry (isrow, iscol) of the nsrow x nscol column-major supernode, idx = iscol
// nsrow + isrow, a1[idx] += alpha a2[idx]; the host's 16 x 16 blocks on cdiv(nsrow, 16) x
// cdiv(nscol, 16). Departures: the block the sweep's, any shape (x the entry's row, y*z its
// column, z folded in). Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: whole-number entries and alpha -1 (one product and
// one sum, exact contracted or not). 2-D: x the row, y*z the column.
#include "common.cuh"

extern "C" __global__ void cholmod_sum_a(double* __restrict__ a1, const double* __restrict__ a2,
                                         const double alpha, int nsrow, int nscol) {
    const int isrow = ga_col();
    const int iscol = ga_row();
    if (isrow < nsrow && iscol < nscol) {
        const long long idx = (long long)iscol * nsrow + isrow;
        a1[idx] += alpha * a2[idx];
    }
}
