// The smoother of the NAS Parallel Benchmarks' multigrid kernel, MG's psinv (NASA's NPB MG,
// u = u + C r with the 19-point smoothing operator C, as the benchmark's CUDA ports write it:
// GMAP's NPB-GPU MG psinv_gpu_kernel; psinv runs on every level of every V-cycle of MG's
// iterations) (blind check set 54: written after calibration, never fitted on). As in NPB:
// the arrays u[i3][i2][i1] and r[i3][i2][i1] of n3 x n2 x n1 doubles (i1 contiguous, the
// ghost layer included), one block a line (i2, i3) = (blockIdx.x + 1, blockIdx.y + 1) of
// the interior, its threads first filling r1[i1] = r(i1, i2-1, i3) + r(i1, i2+1, i3) + r(i1,
// i2, i3-1) + r(i1, i2, i3+1) and r2[i1] = the four edge neighbours r(i1, i2+-1, i3+-1) for
// every i1 of the line in shared memory, a barrier, then for 1 <= i1 < n1 - 1 u(i1, i2, i3)
// += c[0] r(i1, i2, i3) + c[1] (r(i1-1, i2, i3) + r(i1+1, i2, i3) + r1[i1]) + c[2] (r2[i1] +
// r1[i1-1] + r1[i1+1]) (c[3] assumed 0, as NPB's psinv assumes); the host's (n2 - 2, n3 - 2)
// blocks. Departures: the block the sweep's, any shape (linearized: its threads walk the
// line's i1 a block's threads apart); r1 and r2 one dynamic allocation of 2 n1 doubles.
// Written from memory. Exact: whole-number r, u and coefficients (NPB's -3/8, 1/32, -1/64 and
// 0 replaced by whole numbers in [1, 16); every product and sum exact in float64). 1-D: the
// block is linearized, one block a line of the grid.
#include "common.cuh"

extern "C" __global__ void npb_mg_psinv(const double* r, double* u, const double* c, int n1,
                                        int n2, int n3) {
    extern __shared__ double psinv_shared[];
    double* r1 = psinv_shared;
    double* r2 = &psinv_shared[n1];
    const int i3 = blockIdx.y + 1;
    const int i2 = blockIdx.x + 1;
    const int lid = ga_tid();
    const int nthreads = ga_nthreads();

    for (int i1 = lid; i1 < n1; i1 += nthreads) {
        r1[i1] = r[i3 * n2 * n1 + (i2 - 1) * n1 + i1] + r[i3 * n2 * n1 + (i2 + 1) * n1 + i1] +
                 r[(i3 - 1) * n2 * n1 + i2 * n1 + i1] + r[(i3 + 1) * n2 * n1 + i2 * n1 + i1];
        r2[i1] = r[(i3 - 1) * n2 * n1 + (i2 - 1) * n1 + i1] +
                 r[(i3 - 1) * n2 * n1 + (i2 + 1) * n1 + i1] +
                 r[(i3 + 1) * n2 * n1 + (i2 - 1) * n1 + i1] +
                 r[(i3 + 1) * n2 * n1 + (i2 + 1) * n1 + i1];
    }
    __syncthreads();

    for (int i1 = lid + 1; i1 < n1 - 1; i1 += nthreads) {
        u[i3 * n2 * n1 + i2 * n1 + i1] =
            u[i3 * n2 * n1 + i2 * n1 + i1] + c[0] * r[i3 * n2 * n1 + i2 * n1 + i1] +
            c[1] * (r[i3 * n2 * n1 + i2 * n1 + i1 - 1] + r[i3 * n2 * n1 + i2 * n1 + i1 + 1] +
                    r1[i1]) +
            c[2] * (r2[i1] + r1[i1 - 1] + r1[i1 + 1]);
        // c[3] (the corners) assumed zero, as NPB's psinv assumes
    }
}
