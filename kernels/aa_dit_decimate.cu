// The decimation in time of a dedispersed DM-time plane, AstroAccelerate's DiT_GPU_v2
// (AstroAccelerateOrg/astro-accelerate, src/aa_device_binning_kernel.cu, behind
// GPU_DiT_v2_wrapper: MSD_plane_profile's DIT = 2 step, the first decimation of the boxcar
// widths whose means and deviations the single-pulse search's thresholds come from) (blind
// check set 60: written after calibration, never fitted on). As in AstroAccelerate: one thread
// DIT_ELEMENTS_PER_THREAD (4) output samples of one DM trial, blockDim.x apart (itemp =
// blockIdx.x 4 blockDim.x + threadIdx.x + f blockDim.x), each the sum of the two input
// samples 2 itemp and 2 itemp + 1 of the trial's row (two 4 B loads 4 B apart, skipped where
// 2 itemp + 1 reaches past nTimesamples), stored to the output row of dts = nTimesamples >> 1
// samples; the host's 64 x DIT_YSTEP (2) blocks on cdiv(nTimesamples, 4 x 64 x 2) x nDMs / 2
// blocks. Departures: the block the sweep's, any shape (x the output sample in passes of
// blockDim.x, y*z the DM trial, z folded in); the grid's y cdiv(nDMs, by*bz) and the trial
// bounded by nDMs (passed but unread in the source, whose nDMs / DIT_YSTEP blocks leave an odd
// last trial undone); the float2 pair as two floats. Reimplemented from the published source
// (its indexing, arithmetic and control flow; none of its text). Exact: whole-number
// intensities, sums of two. 2-D: x the output sample (4 a thread), y*z the DM trial.
#include "common.cuh"

#define AA_DIT_ELEMENTS_PER_THREAD 4

extern "C" __global__ void aa_dit_decimate(const float* __restrict__ d_input,
                                           float* __restrict__ d_output, unsigned int nDMs,
                                           unsigned int nTimesamples, unsigned int dts) {
    const unsigned int posy = blockIdx.y * ga_block_rows() + ga_row_in_block();
    if (posy >= nDMs) return;
    const unsigned int posx = blockIdx.x * AA_DIT_ELEMENTS_PER_THREAD * blockDim.x;
    for (int f = 0; f < AA_DIT_ELEMENTS_PER_THREAD; f++) {
        const unsigned int itemp = posx + threadIdx.x + f * blockDim.x;
        if (2 * itemp + 1 < nTimesamples) {
            const float first = d_input[posy * nTimesamples + 2 * itemp];
            const float second = d_input[posy * nTimesamples + 2 * itemp + 1];
            d_output[posy * dts + itemp] = first + second;
        }
    }
}
