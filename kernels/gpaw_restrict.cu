// GPAW's bmgs_restrict1D4_kernel (the K = 4 instantiation of RST1D_kernel in dijasila/GPAW,
// c/cuda/restrict-cuda.cu, launched by RST1D from bmgs_restrict_cuda_gpu in the same file:
// one pass of the multigrid restriction of GPAW's real-space grids (a 3-D grid restricted
// one axis at a time, each pass restricting the contiguous axis and rotating it to the back))
// (blind check set 90: written after calibration, never fitted on). As in GPAW: a BLOCK x BLOCK
// block (BLOCK 16) owning BLOCK input rows j (blockIdx.x) and BLOCK output values i
// (blockIdx.y); the rows' stretch of 2 BLOCK + 2 (K - 1) values from column 2i staged in a
// shared tile (each load kept below the array's size ang), a barrier, then the thread with
// x = jtid and y = itid writing b[(j + jtid) + (i + itid) m] = 0.5 (c0 + 0.5625 (c1 + c-1) -
// 0.0625 (c3 + c-3)) around the tile's column 2 itid + K - 1 of row jtid, where i + itid < n
// and j + jtid < m (rows 2n + 2K - 3 values long); the host's 16 x 16 threads on cdiv(m, 16) x
// cdiv(n, 16) blocks. Departures: the block the sweep's, any shape (the tile bx rows by
// 2 by*bz + 6 columns in dynamic shared memory, the loads looped over it, z folded in: BLOCK
// read as bx along the rows and as by*bz along the outputs); one grid (the batch of `blocks`
// grids dropped); double only (Tcuda real); offsets in 64 bits. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// dyadic weights on whole numbers. 2-D, shared memory: x an input row (a warp's tile reads
// and 8 B output stores contiguous along the output's rows, its global loads 8 B along each
// input row, the rows 2n + 5 values apart), y*z the output's row.
#include "common.cuh"

#define GPAW_K 4

extern "C" __global__ void gpaw_restrict(const double* a, int n, int m, double* b, int ang) {
    extern __shared__ double gp_tile[];
    const int rows = ga_block_rows();
    const int ty = ga_row_in_block();
    const int pitch = 2 * rows + 2 * (GPAW_K - 1);
    const long long j = (long long)blockIdx.x * blockDim.x;
    const long long i = (long long)blockIdx.y * rows;
    const long long sizex = 2LL * n + 2 * GPAW_K - 3;
    for (int r = ty; r < (int)blockDim.x; r += rows) {
        for (int t = threadIdx.x; t < pitch; t += blockDim.x) {
            const long long ind = (j + r) * sizex + 2 * i + t;
            if (ind < ang) gp_tile[r * pitch + t] = a[ind];
        }
    }
    __syncthreads();
    if (i + ty < n && j + threadIdx.x < m) {
        const double* c = gp_tile + threadIdx.x * pitch + 2 * ty + GPAW_K - 1;
        b[(j + threadIdx.x) + (i + ty) * m] =
            0.5 * (c[0] + (0.5625 * (c[1] + c[-1]) + -0.0625 * (c[3] + c[-3])));
    }
}
