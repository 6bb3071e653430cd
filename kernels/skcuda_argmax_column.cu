// scikit-cuda's minmax_column_kernel, max instantiation for double (lebedov/scikit-cuda,
// skcuda/misc.py: the PyCUDA SourceModule of _get_minmax_kernel, launched by _minmax_impl
// behind skcuda.misc.max and skcuda.misc.argmax along axis 0 of a C-ordered matrix: each
// column's maximum and the row it sits in) (blind check set 103: written after calibration,
// never fitted on). As in scikit-cuda: one block a column (blockIdx.x), its threads striding
// over the column's rows i = threadIdx.x, threadIdx.x + 32, ... below height, each keeping the
// first strictly greater value of mat[column + i width] and its row (from the init value, the
// type's lowest finite number, and row 0); the partials in shared memory, a barrier, and
// thread 0 taking the first strictly greater of the 32 partials in thread order into
// target[column] and idx_target[column]; the host's 32 x 1 threads on width blocks.
// Departures: the block the sweep's, any shape: x the stride over the column's rows (the
// source's fixed 32), y*z the column within a block of by*bz columns (z folded in; the
// source's one column a block), the partials of a row of threads reduced by its x = 0 thread
// over bx slots, columns past the width skipped after the barrier (every thread reaching
// it); the partials in dynamic shared memory (12 B a thread) rather than two static arrays of
// 32. Reimplemented from the published source (its indexing, arithmetic and control flow;
// none of its text). Exact: comparisons and copies (values drawn from [-2^52, 2^52): a tie
// for a column's maximum, whose row would depend on the block shape, has odds below 10^-8).
// 2-D, shared memory, a per-block work split, x NOT the contiguous dimension: per step an
// 8 B load a thread, a warp's lanes bx rows (width * 8 B) apart, then two shared stores, a
// barrier, bx shared reads and an 8 B and a 4 B store a column.
#include "common.cuh"
#include <cfloat>

extern "C" __global__ void skcuda_argmax_column(const double* mat, double* target,
                                                unsigned* idx_target, unsigned width,
                                                unsigned height) {
    extern __shared__ double slots[];
    double* max_vals = slots;
    unsigned* max_idxs = reinterpret_cast<unsigned*>(slots + ga_nthreads());
    const unsigned row = ga_row_in_block();
    const unsigned long long column = (unsigned long long)blockIdx.x * ga_block_rows() + row;
    double cur_max = -DBL_MAX;
    unsigned cur_idx = 0;
    if (column < width) {
        for (unsigned i = threadIdx.x; i < height; i += blockDim.x) {
            const double val = mat[column + (unsigned long long)i * width];
            if (val > cur_max) {
                cur_max = val;
                cur_idx = i;
            }
        }
    }
    max_vals[ga_tid()] = cur_max;
    max_idxs[ga_tid()] = cur_idx;
    __syncthreads();
    if (threadIdx.x == 0 && column < width) {
        cur_max = -DBL_MAX;
        cur_idx = 0;
        for (unsigned t = 0; t < blockDim.x; t++) {
            if (max_vals[row * blockDim.x + t] > cur_max) {
                cur_max = max_vals[row * blockDim.x + t];
                cur_idx = max_idxs[row * blockDim.x + t];
            }
        }
        target[column] = cur_max;
        idx_target[column] = cur_idx;
    }
}
