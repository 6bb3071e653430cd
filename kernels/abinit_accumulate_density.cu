// ABINIT's kernel_accumulate_density (abinit/abinit, src/46_manage_cuda/
// gpu_density_accumulation.cu, launched by gpu_density_accumulation_ in the same file from
// gpu_fourwf: the accumulation of the electron density on the real-space FFT box from a batch
// of ndat wavefunctions just transformed to real space, each adding its occupation-weighted
// |psi|^2, in ABINIT's GPU plane-wave DFT) (blind check set 105: written after calibration,
// never fitted on). As in ABINIT: a grid-stride loop from threadIdx.x + blockDim.x
// blockIdx.x over the nfft_tot points of the box; for each, sum over idat below ndat of
// weight_r[idat] x x + weight_i[idat] y y, x and y the real and imaginary parts of
// fofr[2 (id + nfft_tot idat)] and fofr[2 (id + nfft_tot idat) + 1]; denpot[id] += sum (in
// place); the host's BLOCK_SIZE = 128 threads on min(cdiv(nfft_tot, 128), MAX_GRID_SIZE =
// 65535) blocks (abi_gpu_header.h). Departures: the block any shape (linearized; the loop's
// stride the grid's threads); 64-bit offsets. Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: whole-number wavefunction
// values and weights keep every product and sum far below 2^53, in any order. 1-D, no shared
// memory, a capped grid and a grid-stride loop, a per-thread loop over the batch: per
// wavefunction a 16 B complex load (a warp's 512 B contiguous; the wavefunctions
// nfft_tot * 16 B apart) and two 8 B weight loads (broadcast), then an 8 B read-modify-write
// of the density (a warp's 256 B contiguous).
#include "common.cuh"

extern "C" __global__ void abinit_accumulate_density(const double* fofr, double* denpot,
                                                     const double* weight_r,
                                                     const double* weight_i, int nfft_tot,
                                                     int ndat) {
    const long long step = (long long)gridDim.x * ga_nthreads();
    for (long long id = ga_linear(); id < nfft_tot; id += step) {
        double sum = 0.0;
        for (int idat = 0; idat < ndat; ++idat) {
            const long long at = 2 * (id + (long long)nfft_tot * idat);
            const double re = fofr[at];
            const double im = fofr[at + 1];
            sum += weight_r[idat] * re * re + weight_i[idat] * im * im;
        }
        denpot[id] += sum;
    }
}
