// The gather of plane-wave coefficients from a 3-D FFT grid, CP2K's pw_gather_cu_z
// (cp2k/cp2k, src/pw/cuda/pw_cuda_z.cu, Andreas Gloess's 2013 CUDA plane-wave code, behind
// pw_cuda_cfffg_z_: a real-space function's forward FFT on the GPU followed by the gather of
// its G-vectors, which CP2K's fft_wrap_pw1pw2 runs for every density and potential transform
// of a GPW calculation when the CUDA FFT is enabled) (blind check set 64: written after
// calibration, never fitted on). As in CP2K: one thread a G-vector igpt (a block index from a
// near-square 2-D grid, (gridDim.x blockIdx.y + blockIdx.x) blockDim.x + threadIdx.x); its
// grid point ghatmap[igpt] (a 4 B load) and the complex double there (two 8 B loads, 16 B
// apart from the next point's) times scale stored as two 8 B words of pwcc; the host's 32
// threads (NTHREADS) on a ceil(sqrt(blocks)) x rint(sqrt(blocks)) grid. Departures: the block
// the sweep's, any shape (linearized), on a 1-D grid of cdiv(ngpts, threads) blocks (the
// source's formula kept with the grid's y 1). Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: whole-number coefficients
// and scale 1 / (the grid's 2^22 points) (every product exact in double). 1-D: the block is
// linearized, one thread a G-vector.
#include "common.cuh"

extern "C" __global__ void cp2k_pw_gather(double* __restrict__ pwcc,
                                          const double* __restrict__ c, double scale,
                                          int ngpts, const int* __restrict__ ghatmap) {
    const int igpt = (gridDim.x * blockIdx.y + blockIdx.x) * ga_nthreads() + ga_tid();

    if (igpt < ngpts) {
        pwcc[2 * igpt] = scale * c[2 * ghatmap[igpt]];
        pwcc[2 * igpt + 1] = scale * c[2 * ghatmap[igpt] + 1];
    }
}
