// Jacobi relaxation of the 2-D Laplace equation, the single-GPU jacobi_kernel of NVIDIA's
// multi-gpu-programming-models (single_gpu/jacobi.cu: the baseline every multi-GPU variant of
// the repository is measured against) (blind check set 45: written after calibration, never
// fitted on). As in the repository: real is double; iy from y plus iy_start, ix from x plus 1
// (the first column is the boundary); for every interior point (iy < iy_end, ix < nx - 1)
// a_new = 0.25 (east + west + south + north) of a, stored; the residue a_new - a squared into
// the thread's local_l2_norm; where calculate_norm is set the block's sum added into l2_norm[0]
// with one double atomicAdd. Departures: cub::BlockReduce<real, BLOCK_DIM_X,
// BLOCK_REDUCE_ALGORITHM_WARP_REDUCTIONS, BLOCK_DIM_Y>::Sum written as a __shfl_down_sync
// tree per warp (a partial last warp adding only the lanes it has) whose lane 0 adds the
// warp's sum with atomicAdd (so no shared memory), the block's shape any (BLOCK_DIM_X and
// BLOCK_DIM_Y template parameters there), calculate_norm an int, z folded into the rows.
// Written from memory. Integer-valued a: every new value a quarter-integer, every residue
// and its square exact, and their sums (multiples of 1/16 below 2^49) exact in any order.
// x -> column - 1, y*z -> row - iy_start.
#include "common.cuh"

typedef double real;

extern "C" __global__ void mgpu_jacobi(real* __restrict__ const a_new,
                                       const real* __restrict__ const a,
                                       real* __restrict__ const l2_norm, const int iy_start,
                                       const int iy_end, const int nx,
                                       const int calculate_norm) {
    int iy = ga_row() + iy_start;
    int ix = ga_col() + 1;
    real local_l2_norm = 0.0;

    if (iy < iy_end && ix < (nx - 1)) {
        const real new_val = 0.25 * (a[iy * nx + ix + 1] + a[iy * nx + ix - 1] +
                                     a[(iy + 1) * nx + ix] + a[(iy - 1) * nx + ix]);
        a_new[iy * nx + ix] = new_val;
        real residue = new_val - a[iy * nx + ix];
        local_l2_norm += residue * residue;
    }
    if (calculate_norm) {
        // the block's sum, warp by warp (BlockReduce's warp reductions)
        const int tid = (int)ga_tid();
        const int lane = tid % 32;
        const int lanes = min(32, (int)ga_nthreads() - (tid - lane));
        const unsigned mask = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;
        for (int offset = 16; offset > 0; offset >>= 1) {
            const real other = __shfl_down_sync(mask, local_l2_norm, offset);
            if (lane + offset < lanes) local_l2_norm += other;
        }
        if (lane == 0) atomicAdd(l2_norm, local_l2_norm);
    }
}
