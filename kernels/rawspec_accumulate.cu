// rawspec's accumulate (UCBerkeleySETI/rawspec, rawspec_gpu.cu, launched by rawspec_start_processing
// in the same file when an output product dumps fewer spectra than an input buffer holds: the
// Breakthrough Listen spectrometer's power spectra of each coarse channel integrated in place,
// Na consecutive spectra summed into the first) (blind check set 111: written after
// calibration, never fitted on). As in rawspec: offset0 = blockIdx.z zpitch + blockIdx.y
// ypitch + blockIdx.x MAX_THREADS + threadIdx.x, sum = pwr_buf[offset0] plus pwr_buf[offset0
// + i xpitch] for i from 1 below Na, pwr_buf[offset0] = sum; the host's min(Nts, MAX_THREADS
// = 1024) threads on cdiv(Nts, 1024) x Nds x Nc blocks with Na = min(Nas, Nss), xpitch = Nts,
// ypitch = Nas Nts and zpitch = Nb Ntpb. Departures: the block any shape (linearized; the
// fine channel blockIdx.x times the block's threads plus the thread, the source's
// MAX_THREADS), a bound on the fine channel (the source's "TODO Add check for past end of
// spectrum"), 64-bit offsets. Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: whole-number powers. 1-D, no shared
// memory, a grid of (fine-channel blocks, dumps, coarse channels), a per-thread loop over Na
// spectra: Na 4 B loads xpitch * 4 B apart (a warp's 128 B contiguous each), one 4 B store.
#include "common.cuh"

extern "C" __global__ void rawspec_accumulate(float* pwr_buf, unsigned Na, long long xpitch,
                                              long long ypitch, long long zpitch, int nts) {
    const long long fine = (long long)blockIdx.x * ga_nthreads() + ga_tid();
    if (fine >= nts) return;
    const long long offset0 = blockIdx.z * zpitch + blockIdx.y * ypitch + fine;
    long long offset = offset0;
    float sum = pwr_buf[offset];
    for (unsigned i = 1; i < Na; i++) {
        offset += xpitch;
        sum += pwr_buf[offset];
    }
    pwr_buf[offset0] = sum;
}
