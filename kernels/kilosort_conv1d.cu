// The temporal filtering of each channel by the spike templates' temporal components,
// Kilosort's Conv1D (MouseLand/Kilosort, CUDA/mexGetSpikes2.cu, the first launch of its
// mexFunction: mexGetSpikes2, which Kilosort2's learnAndSolve8b calls on every batch to find
// spikes the current templates miss and seed new templates with them) (blind check set 65:
// written after calibration, never fitted on). As in Kilosort: one block a channel (bid), its
// Nthreads (1024) threads; the nt0 x Nrank temporal filters W staged in shared memory (sW,
// 81 x NrankMax floats), a barrier; then the channel walked in chunks of Nthreads samples
// while tid0 < NT - Nthreads - nt0 + 1: the chunk's Nthreads + nt0 samples staged in shared
// memory (sdata: the first nt0 by the first nt0 threads, then one a thread nt0 further on), a
// barrier, each thread's Nrank correlations y = sum over i < nt0 of sW[i + nid nt0] sdata[i +
// tid] stored at conv_sig[tid0 + tid + NT bid + nid NT Nchan], a barrier; samples past the
// last whole chunk keep what conv_sig held (the host zeroes it); the host's <<<Nchan,
// 1024>>>. Departures: the block the sweep's, any shape (linearized: Nthreads the block's
// threads, the chunks that long); the filter and halo loads as loops in steps of the block's
// threads (the source's if (tid < nt0 Nrank) and if (tid < nt0) need blocks of at least nt0
// Nrank threads); the static volatile sW and sdata one dynamic allocation of 81 NrankMax +
// threads + 81 floats; the double Params array's NT, nt0, Nchan and Nrank int arguments.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none
// of its text). Exact: whole-number data and filters (every product and partial sum an
// integer below 2^24, contracted or not). 1-D: the block is linearized, one block a channel.
#include "common.cuh"

#define KS_NT0_MAX 81
#define KS_NRANK_MAX 6

extern "C" __global__ void kilosort_conv1d(const float* __restrict__ data,
                                           const float* __restrict__ W,
                                           float* __restrict__ conv_sig, int NT, int nt0,
                                           int Nchan, int Nrank) {
    extern __shared__ float ks_conv_shared[];
    float* sW = ks_conv_shared;                                 // 81 x NrankMax
    float* sdata = ks_conv_shared + KS_NT0_MAX * KS_NRANK_MAX;  // threads + 81

    const int tid = (int)ga_tid();
    const int bid = blockIdx.x;
    const int nthreads = (int)ga_nthreads();

    for (int w = tid; w < nt0 * Nrank; w += nthreads) sW[w] = W[w];
    __syncthreads();

    int tid0 = 0;
    while (tid0 < NT - nthreads - nt0 + 1) {
        for (int h = tid; h < nt0; h += nthreads) {
            sdata[h] = data[tid0 + h + (long long)NT * bid];
        }
        sdata[tid + nt0] = data[nt0 + tid0 + tid + (long long)NT * bid];
        __syncthreads();

        for (int nid = 0; nid < Nrank; nid++) {
            float y = 0.0f;
#pragma unroll 4
            for (int i = 0; i < nt0; i++) y += sW[i + nid * nt0] * sdata[i + tid];
            conv_sig[tid0 + tid + (long long)NT * bid + (long long)nid * NT * Nchan] = y;
        }
        tid0 += nthreads;
        __syncthreads();
    }
}
