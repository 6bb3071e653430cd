// TeaLeaf's conjugate-gradient matrix-vector product, tea_leaf_cg_calc_w (UK-MAC TeaLeaf's
// CUDA port, device_tea_leaf_cg_solve_calc_w with its __kernel_indexes: one thread per cell
// of the whole halo-padded x_max + 4 by y_max + 4 array, a 1-D launch) (blind check set 43:
// written after calibration, never fitted on). As in TeaLeaf: the thread's row and column
// from its global linear index, the interior cells (WITHIN_BOUNDS, a halo of 2) computing
// the five-point operator w = SMVP(p) = (1 + (Kx[+1] + Kx) + (Ky[+row] + Ky)) p - (Kx[+1]
// p[+1] + Kx p[-1]) - (Ky[+row] p[+row] + Ky p[-row]) and storing it, each thread's pw term
// w p (0 outside the interior) in a shared-memory array, the block reduced there to one sum.
// Departures: TeaLeaf's Reduce<double, BLOCK_SZ / 2> (a fixed-size tree, its partial
// pw[blockIdx.x] summed by a second kernel) written as a tree over the block's threads rounded
// up to a power of two, any shape, and the block's sum added into pw[0] with a double
// atomicAdd (one launch); x_max and y_max arguments. Written from memory. Integer data: every
// product and sum exact in float64; exact. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void tealeaf_cg_calc_w(const int x_max, const int y_max,
                                             const double* __restrict__ p,
                                             double* __restrict__ w,
                                             const double* __restrict__ Kx,
                                             const double* __restrict__ Ky,
                                             double* __restrict__ pw) {
    extern __shared__ double pw_shared[];
    const int lid = ga_tid();
    const int nthreads = ga_nthreads();
    const long long glob_id = ga_linear();
    const int row_len = x_max + 4;
    const int row = (int)(glob_id / row_len);
    const int column = (int)(glob_id % row_len);

    pw_shared[lid] = 0.0;

    if (row >= 2 && row < y_max + 2 && column >= 2 && column < x_max + 2) {
        const double smvp =
            (1.0 + (Kx[glob_id + 1] + Kx[glob_id]) + (Ky[glob_id + row_len] + Ky[glob_id])) *
                p[glob_id] -
            (Kx[glob_id + 1] * p[glob_id + 1] + Kx[glob_id] * p[glob_id - 1]) -
            (Ky[glob_id + row_len] * p[glob_id + row_len] + Ky[glob_id] * p[glob_id - row_len]);
        w[glob_id] = smvp;
        pw_shared[lid] = smvp * p[glob_id];
    }
    __syncthreads();

    int half = 1;
    while (half < nthreads) half <<= 1;
    for (int offset = half >> 1; offset > 0; offset >>= 1) {
        if (lid < offset && lid + offset < nthreads) {
            pw_shared[lid] = pw_shared[lid] + pw_shared[lid + offset];
        }
        __syncthreads();
    }

    if (lid == 0) atomicAdd(pw, pw_shared[0]);
}
