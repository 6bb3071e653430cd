// The extraction of the new spikes' raw waveforms on every channel, Kilosort's extract_snips
// (MouseLand/Kilosort, CUDA/mexGetSpikes2.cu, the last launch of its mexFunction:
// mexGetSpikes2, which Kilosort2's learnAndSolve8b calls on every batch to find spikes the
// current templates miss, their nt0 x Nchan snippets becoming the candidates for new templates)
// (blind check set 65: written after calibration, never fitted on). As in Kilosort: one block a
// channel (bid) of nt0 x 16 threads; every block scans the Nmax = min(maxFR, counter[1])
// spikes that survived cleanup_heights, and for each whose channel id equals its own, thread
// (tidx, tidy) copies the raw sample dataraw[st + tidx + NT tidy] of channel tidy (tidy from
// threadIdx.y in steps of blockDim.y) to WU[tidx + tidy nt0 + nt0 Nchan ind]; the host's
// <<<Nchan, (nt0, 16)>>>. Departures: the block the sweep's, any shape (x the snippet's
// sample in steps of bx: the source's x is exactly nt0 wide; y*z the channel in steps of
// by*bz, z folded in); the double Params array's NT, nt0 and Nchan int arguments.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: copies only. 2-D: x the snippet's sample, y*z the channel, the grid's x
// the spike's channel.
#include "common.cuh"

#define KS_MAXFR 5000

extern "C" __global__ void kilosort_extract_snips(const int* __restrict__ st,
                                                  const int* __restrict__ id,
                                                  const int* __restrict__ counter,
                                                  const float* __restrict__ dataraw,
                                                  float* __restrict__ WU, int NT, int nt0,
                                                  int Nchan) {
    const int bid = blockIdx.x;
    const int Nmax = min(KS_MAXFR, counter[1]);

    for (int ind = 0; ind < Nmax; ind++) {
        if (id[ind] == bid) {
            for (int tidx = threadIdx.x; tidx < nt0; tidx += blockDim.x) {
                int tidy = ga_row_in_block();
                while (tidy < Nchan) {
                    WU[tidx + tidy * nt0 + (long long)nt0 * Nchan * ind] =
                        dataraw[st[ind] + tidx + (long long)NT * tidy];
                    tidy += ga_block_rows();
                }
            }
        }
    }
}
