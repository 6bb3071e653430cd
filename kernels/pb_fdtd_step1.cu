// PolyBench/GPU's fdtd_step1_kernel (cavazos-lab/PolyBench-ACC, CUDA/FDTD-2D/fdtd2d.cu, launched
// by fdtdCuda in the same file once a time step, before fdtd_step2_kernel and
// fdtd_step3_kernel: the update of the electric field's y component in PolyBench's 2-D
// finite-difference time-domain stencil, the first of its three sweeps a step) (blind check
// set 109: written after calibration, never fitted on). As in PolyBench: j = blockIdx.x
// blockDim.x + threadIdx.x the column, i = blockIdx.y blockDim.y + threadIdx.y the row; inside
// the NX x NY field, row 0 takes the source term _fict_[t], every other row ey[i][j] = ey[i][j]
// - 0.5f (hz[i][j] - hz[i - 1][j]); the host's DIM_THREAD_BLOCK_X x DIM_THREAD_BLOCK_Y = 32 x 8
// threads on cdiv(NY, 32) x cdiv(NX, 8) blocks (fdtd2d.cuh). Departures: the block any shape
// (x the column, y*z the row, z folded in); the unused ex argument dropped (the source passes
// it to all three kernels); the row length from the ny argument (the source's NY macro, the
// same value); 64-bit offsets. Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: whole-number fields, so ey - 0.5 (a
// whole-number difference) is a multiple of 1/2 far below 2^23. 2-D, no shared memory: x the
// contiguous column, y*z the row (NY * 4 B apart); per thread a 4 B load of ey and two of hz
// (the row and the one above; a warp's 128 B contiguous each) and a 4 B store of ey (row 0:
// one broadcast 4 B load of the source term and the store).
#include "common.cuh"

extern "C" __global__ void pb_fdtd_step1(int nx, int ny, const float* _fict_, float* ey,
                                         const float* hz, int t) {
    const int j = ga_col();
    const int i = ga_row();
    if (i < nx && j < ny) {
        const long long at = (long long)i * ny + j;
        if (i == 0) {
            ey[at] = _fict_[t];
        } else {
            ey[at] = ey[at] - 0.5f * (hz[at] - hz[at - ny]);
        }
    }
}
