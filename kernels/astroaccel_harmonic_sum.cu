// The harmonic sum of a periodicity search, AstroAccelerate's simple_harmonic_sum_GPU_kernel
// (AstroAccelerateOrg/astro-accelerate, src/aa_device_harmonic_summing_kernel.cu, launched by
// periodicity_simple_harmonic_summing in src/aa_device_harmonic_summing.cu, which
// aa_device_periods.cu calls on every batch of dedispersed power spectra: the corner-turned
// powers and the interbinned ones) (blind check set 59: written after calibration, never
// fitted on). As in AstroAccelerate: the input corner-turned, one row of nSpectra powers (one
// per DM trial) per frequency bin; one thread a (bin, trial) pair: the fundamental's power,
// its SNR (power - MSD[0]) / MSD[1], then for bins above 0 and every harmonic h = 1 ..
// nHarmonics - 1 whose bin (h + 1) bin is still below nTimesamples the power of that bin's row
// added to the running sum and its SNR (sum - MSD[2 h]) / MSD[2 h + 1] kept with h where it is
// the largest so far; the best SNR (float) and its harmonic (ushort) stored at the pair; the
// host's 64 threads a block along the trials (PHS_NTHREADS) and one block row per bin (grid
// nTimesamples x cdiv(nSpectra, 64)). Departures: the block the sweep's, any shape (x the
// trial, y*z the bin, z folded in; the grid cdiv(nSpectra, bx) x cdiv(nTimesamples, by*bz)),
// so a bound on the bin is added (the host's grid had exactly one block row a bin); the
// __ldg loads plain loads; the ushort harmonics as 4 B words cast. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// whole-number powers and statistics, the sums below 2^24 and each SNR one correctly rounded
// float subtraction and division. 2-D: x the DM trial, y*z the frequency bin.
#include "common.cuh"

extern "C" __global__ void astroaccel_harmonic_sum(const float* __restrict__ d_input,
                                                   float* __restrict__ d_output_SNR,
                                                   unsigned int* __restrict__ harmonics_words,
                                                   const float* __restrict__ d_MSD,
                                                   int nTimesamples, int nSpectra,
                                                   int nHarmonics) {
    unsigned short* best_harmonic = reinterpret_cast<unsigned short*>(harmonics_words);
    const int trial = ga_col();  // blockIdx.y * blockDim.x + threadIdx.x in AstroAccelerate
    const int bin = ga_row();    // blockIdx.x in AstroAccelerate
    if (trial >= nSpectra || bin >= nTimesamples) return;
    const int here = bin * nSpectra + trial;
    float power_sum = d_input[here];
    float best_snr = (power_sum - d_MSD[0]) / d_MSD[1];
    unsigned short best = 0;
    if (bin > 0) {
        for (int h = 1; h < nHarmonics; h++) {
            const int harmonic_bin = bin + h * bin;
            if (harmonic_bin < nTimesamples) {
                power_sum = power_sum + d_input[harmonic_bin * nSpectra + trial];
                const float snr = (power_sum - d_MSD[2 * h]) / d_MSD[2 * h + 1];
                if (snr > best_snr) {
                    best_snr = snr;
                    best = (unsigned short)h;
                }
            }
        }
    }
    d_output_SNR[here] = best_snr;
    best_harmonic[here] = best;
}
