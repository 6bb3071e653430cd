// DSPSR's fpt_ndim2_ndim2 of FScrunchCUDA (demorest/dspsr, Signal/General/FScrunchCUDA.cu,
// launched by CUDA::FScrunchEngine::fpt_fscrunch in the same file behind dsp::FScrunch: a
// pulsar filterbank's complex (ndim 2) time series in frequency-polarization-time order
// scrunched in frequency, each output channel the sum of sfactor adjacent input channels)
// (blind check set 111: written after calibration, never fitted on). As in DSPSR: i =
// blockIdx.x blockDim.x + threadIdx.x, nothing at or past ndat; the input from in_base +
// blockIdx.y in_span sfactor + i, result = that float2 plus the ones j in_span further for j
// from 1 below sfactor, out_base[blockIdx.y out_span + i] = result; the host's 128 threads on
// cdiv(ndat, 128) x nchan / sfactor blocks. Departures: the block any shape (linearized), the
// float2 as two floats, 64-bit offsets. Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: whole-number samples.
// 1-D, no shared memory, a grid row an output channel, a per-thread loop over sfactor input
// channels: per channel one 8 B load (a warp's 256 B contiguous, the channels in_span * 8 B
// apart), one 8 B store.
#include "common.cuh"

extern "C" __global__ void dspsr_fscrunch(const float* in_base, float* out_base,
                                          unsigned in_span, unsigned out_span, unsigned ndat,
                                          unsigned sfactor) {
    const long long i = (long long)blockIdx.x * ga_nthreads() + ga_tid();
    if (i >= ndat) return;
    const float* in = in_base + 2 * ((long long)blockIdx.y * in_span * sfactor + i);
    float re = in[0];
    float im = in[1];
    for (unsigned j = 1; j < sfactor; ++j) {
        const float* tmp = in + 2 * ((long long)j * in_span);
        re += tmp[0];
        im += tmp[1];
    }
    float* out = out_base + 2 * ((long long)blockIdx.y * out_span + i);
    out[0] = re;
    out[1] = im;
}
