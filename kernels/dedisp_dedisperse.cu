// Direct incoherent dedispersion of a 2-bit filterbank, dedisp's dedisperse_kernel
// (ajameson/dedisp, src/kernels.cuh, behind dedisperse() in the same file: dedisp_execute's
// direct (non-sub-band) path, called once a gulp of samples after the input is transposed and
// unpacked; heimdall's and peasoup's FRB and pulsar searches run their DM trials through it)
// (blind check set 65: written after calibration, never fitted on). As in dedisp (IN_NBITS 2,
// DEDISP_SAMPS_PER_THREAD 2, no texture): x the pair of output samples, y the DM trial; each
// thread loops over the DM trials in steps of the grid's rows of threads and over its sample
// pairs in steps of the grid's columns (one pass each at the host's grid), reads the trial's
// DM, then for each 32-bit word of 16 channels (a word row `stride` words long, consecutive
// words consecutive times) and each of its 16 channels the integer delay __float2uint_rn(dm
// delay_table[chan]) and, for both samples, the word at samp_idx 2 + s + delay, its channel's
// two bits times the channel's killmask added to the sample's sum; the sums are scaled as
// scale_output<2, float> does (sum 1 / (3 nchans) (3 1024 / 255 / 16)) and stored for the
// samples below nsamps; the host's 8 x 32 blocks on cdiv(nsamps, 16) x cdiv(dm_count, 32)
// blocks. Departures: the block the sweep's, any shape (x the sample pair, y*z the DM trial, z
// folded in); nsamp_blocks and ndm_blocks read from the grid; the __constant__ delay table and
// killmask global arguments; __float2uint_rn as __float2int_rn (every delay a whole number far
// below 2^31); the batch strides (batch_size 1) and the unit channel and DM strides of the
// direct path folded in; only the 32-bit (float) output of the out_nbits switch. Reimplemented
// from the published source (its indexing, arithmetic and control flow; none of its text).
// Exact: whole-number DMs and delays (every delay an exact float product), integer sums below
// 2^24 (exact as floats), the scaling one product, one correctly rounded division and one
// product, each rounded once on both sides (no sum to contract). 2-D: x the sample pair, y*z
// the DM trial.
#include "common.cuh"

#define DEDISP_IN_NBITS 2
#define DEDISP_SAMPS_PER_THREAD 2

__device__ __forceinline__ float dedisp_scale_output(unsigned sum, unsigned nchans) {
    const float in_range = (float)((1u << DEDISP_IN_NBITS) - 1);  // max_value<2>: 3
    const float out_range = 1.f;  // float output: scaled to [0, 1]
    const float factor = (3.f * 1024.f) / 255.f / 16.f;
    return __fmul_rn(__fmul_rn((float)sum, out_range) / (in_range * nchans), factor);
}

extern "C" __global__ void dedisp_dedisperse(const unsigned* __restrict__ d_in, unsigned nsamps,
                                             unsigned nsamps_reduced, unsigned stride,
                                             unsigned dm_count, unsigned nchans,
                                             float* __restrict__ d_out, unsigned out_stride,
                                             const float* __restrict__ d_dm_list,
                                             const float* __restrict__ delay_table,
                                             const int* __restrict__ killmask) {
    enum { CHANS_PER_WORD = 32 / DEDISP_IN_NBITS };
    const unsigned rows = ga_block_rows();
    unsigned samp_idx = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned dm_idx = blockIdx.y * rows + ga_row_in_block();
    const unsigned nsamp_threads = gridDim.x * blockDim.x;
    const unsigned ndm_threads = gridDim.y * rows;

    for (; dm_idx < dm_count; dm_idx += ndm_threads) {
        const float dm = d_dm_list[dm_idx];

        for (; samp_idx < nsamps_reduced; samp_idx += nsamp_threads) {
            unsigned sum[DEDISP_SAMPS_PER_THREAD];
#pragma unroll
            for (int s = 0; s < DEDISP_SAMPS_PER_THREAD; ++s) sum[s] = 0;

            for (unsigned chan_word = 0; chan_word < nchans; chan_word += CHANS_PER_WORD) {
                const unsigned long long offset =
                    (unsigned long long)samp_idx * DEDISP_SAMPS_PER_THREAD +
                    (unsigned long long)(chan_word / CHANS_PER_WORD) * stride;
                for (unsigned chan_sub = 0; chan_sub < CHANS_PER_WORD; ++chan_sub) {
                    const unsigned chan_idx = chan_word + chan_sub;
                    const float frac_delay = delay_table[chan_idx];
                    const unsigned delay = (unsigned)__float2int_rn(dm * frac_delay);
#pragma unroll
                    for (int s = 0; s < DEDISP_SAMPS_PER_THREAD; ++s) {
                        const unsigned sample = d_in[offset + s + delay];
                        sum[s] += killmask[chan_idx] *
                                  ((sample >> (chan_sub * DEDISP_IN_NBITS)) &
                                   ((1u << DEDISP_IN_NBITS) - 1));
                    }
                }
            }

            const unsigned long long out_idx =
                (unsigned long long)samp_idx * DEDISP_SAMPS_PER_THREAD +
                (unsigned long long)dm_idx * out_stride;
#pragma unroll
            for (int s = 0; s < DEDISP_SAMPS_PER_THREAD; ++s) {
                if (samp_idx * DEDISP_SAMPS_PER_THREAD + s < nsamps) {
                    d_out[out_idx + s] = dedisp_scale_output(sum[s], nchans);
                }
            }
        }
    }
}
