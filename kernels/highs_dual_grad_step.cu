// HiGHS' PDLP dual step, dual_grad_step_kernel (ERGO-Code/HiGHS,
// highs/pdlp/cupdlp/cuda/cupdlp_cuda_kernels.cu, launched by cupdlp_dgrad_cuda in
// highs/pdlp/cupdlp/cuda/cupdlp_cudalinalg.cu behind PDHG_dualGradientStep
// (highs/pdlp/cupdlp/cupdlp_step.c): every iteration of HiGHS' GPU PDLP (cuPDLP-C) linear
// programming solver, y^{k+1} = proj_Y(y^k + dDualStep (b - A (2 x^{k+1} - x^k))), the
// inequality rows' duals kept non-negative) (blind check set 77: written after calibration,
// never fitted on). As in HiGHS: a grid-stride loop from blockDim.x blockIdx.x + threadIdx.x in
// steps of gridDim.x blockDim.x below nRows, upd = __fma_rn(dDualStep, b[i] - 2 AxUpdate[i] +
// Ax[i], y[i]), yUpdate[i] = max(upd, 0) for i >= nEqs, else upd; the host's nBlocks256(nRows) =
// min(cdiv(nRows, 256), 32 SMs) blocks of 256 threads. Departures: the block the sweep's, any
// shape (linearized; the grid min(cdiv(nRows, threads), 32 x 132 SMs of an H100)); __fma_rn as
// fma (the same single rounding; the CPU shim has no __fma_rn). Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// whole-number vectors and a dyadic step (every difference, product and sum exact, fused or not).
// 1-D: a capped grid, each thread looping over rows: four 8 B loads and one 8 B store a row (a
// warp's 256 B contiguous each).
#include "common.cuh"

extern "C" __global__ void highs_dual_grad_step(double* __restrict__ yUpdate,
                                                const double* __restrict__ y,
                                                const double* __restrict__ b,
                                                const double* __restrict__ Ax,
                                                const double* __restrict__ AxUpdate,
                                                double dDualStep, int nRows, int nEqs) {
    const int stride = (int)(gridDim.x * ga_nthreads());
    for (int i = (int)ga_linear(); i < nRows; i += stride) {
        const double upd = fma(dDualStep, b[i] - 2 * AxUpdate[i] + Ax[i], y[i]);
        yUpdate[i] = i >= nEqs ? max(upd, 0.0) : upd;
    }
}
