// hyperseti's dedopplerKernel (UCBerkeleySETI/hyperseti, hyperseti/kernels/dedoppler.py, the
// CuPy RawKernel that hyperseti.dedoppler.dedoppler launches with kernel='dedoppler' for
// each beam: the brute-force de-Doppler search of Breakthrough Listen's GPU SETI pipeline,
// each frequency channel's power summed along every trial drift of a narrowband signal through
// the spectrogram's time steps) (blind check set 107: written after calibration, never fitted
// on). As in hyperseti: tid = blockIdx.x blockDim.x + threadIdx.x the channel, d = blockIdx.y
// the drift trial; for t below T, idx = tid + F t + shift[d] t / T (int division, truncated),
// data[idx] added when 0 < idx < F T (index 0 never: the source's strict test); after every
// step the running sum / sqrt(T) stored at dedopp[d F + tid]; the host's F_block = min(F,
// 1024) threads on F / F_block x D blocks. Departures: the block any shape (linearized: the
// channel from the grid's x and the block's linear rank); nothing at or past F (the host's
// grid covers F exactly, F a multiple of its block). Reimplemented from the published source
// (its indexing, arithmetic and control flow; none of its text). Exact: whole-number powers
// summed far below 2^24 and divided by sqrt(16) = 4. 1-D, no shared memory, a per-thread loop
// over the time steps: per step a broadcast 4 B shift load, a 4 B data load (a warp's 128 B
// contiguous, rows F * 4 B apart, shifted by the trial's drift) and a 4 B store of the
// running sum to the same place (a warp's 128 B contiguous).
#include "common.cuh"

extern "C" __global__ void hs_dedoppler(const float* data, float* dedopp, const int* shift,
                                        int F, int T) {
    const int tid = (int)(blockIdx.x * ga_nthreads() + ga_tid());
    const int d = blockIdx.y;
    if (tid >= F) return;
    const long long dd_idx = (long long)d * F + tid;
    float dd_val = 0.0f;
    for (int t = 0; t < T; t++) {
        const int idx = tid + F * t + shift[d] * t / T;
        if (idx < F * T && idx > 0) {
            dd_val += data[idx];
        }
        const float tf = (float)T;
        dedopp[dd_idx] = dd_val / sqrtf(tf);
    }
}
