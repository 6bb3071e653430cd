// seticore's shift (lacker/seticore, upchannelizer.cu, launched by Upchannelizer::run in the
// same file after the cuFFT upchannelization of Breakthrough Listen's beamforming pipeline:
// the FFT output [polarization][antenna][coarse channel][time][fine channel] reordered into
// the beamformer's [time][coarse channel][fine channel][polarization][antenna], the fine
// channel's high bit toggled to swap the two halves of each spectrum) (blind check set 111:
// written after calibration, never fitted on). As in seticore: antenna = threadIdx.y, pol =
// threadIdx.z, fine_chan = blockIdx.x, coarse_chan = blockIdx.y, time = blockIdx.z; output
// fine channel fine_chan ^ (fft_size >> 1); prebeam[index5d(time, coarse, fine', pol,
// antenna)] = buffer[index5d(pol, antenna, coarse, time, fine)] (index5d the row-major index
// of cuda_util.h); the host's (1, num_antennas, num_polarity) threads on fft_size x
// num_coarse_channels x num_timesteps blocks. Departures: the block any shape (x the fine
// channel; y*z the (polarization, antenna) pair, row = pol nants + antenna, z folded in: at
// the host's 1 x nants x npol block the source's threadIdx.y and threadIdx.z), bounds on the
// fine channel and the pair for partial blocks, the grid's y the pairs' blocks and its z the
// (time, coarse channel) pairs (coarse = blockIdx.z mod num_coarse_channels), plain float
// arrays with 64-bit offsets. Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: copies. 2-D, no shared memory, x
// NOT the contiguous dimension of the output: per thread one 8 B load (a warp's lanes
// contiguous along the fine channels) and one 8 B store (the lanes npol nants * 8 B apart).
#include "common.cuh"

extern "C" __global__ void seticore_upchan_shift(const float* buffer, float* prebeam,
                                                 int fft_size, int nants, int npol,
                                                 int num_coarse_channels, int num_timesteps) {
    const int fine_chan = blockIdx.x * blockDim.x + threadIdx.x;
    const int pair = ga_row();
    if (fine_chan >= fft_size || pair >= npol * nants) return;
    const int pol = pair / nants;
    const int antenna = pair % nants;
    const int coarse_chan = blockIdx.z % num_coarse_channels;
    const int time = blockIdx.z / num_coarse_channels;
    const int output_fine_chan = fine_chan ^ (fft_size >> 1);
    const long long in_index =
        ((((long long)pol * nants + antenna) * num_coarse_channels + coarse_chan) * num_timesteps
         + time) * fft_size + fine_chan;
    const long long out_index =
        ((((long long)time * num_coarse_channels + coarse_chan) * fft_size + output_fine_chan)
         * npol + pol) * nants + antenna;
    prebeam[2 * out_index] = buffer[2 * in_index];
    prebeam[2 * out_index + 1] = buffer[2 * in_index + 1];
}
