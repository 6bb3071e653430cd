// Classic STA/LTA trigger of seismic traces, the characteristic function earthquake and
// microseismic event detectors compute on every channel (ObsPy's classic_sta_lta, SeisComP,
// Earthworm): with the energies e[i] = x[i]^2 and their running sum c[i] = e[0] + ... + e[i]
// (c[-1] = 0), sta = (c[i] - c[i - NSTA]) / NSTA and lta = (c[i] - c[i - NLTA]) / NLTA (a
// window reaching before the trace starts from c[-1]), cf[i] = sta / lta for i >= NLTA - 1
// and 0 before (or where lta is 0), as ObsPy defines it (blind check set 13: written after
// calibration, never fitted on; its sweeps go to fixtures/hopper/blind13/ once recorded).
// Samples are 12-bit ADC counts held in int32; the running sums are int64 (exact).
// One block per trace whatever its size: the block walks the trace in tiles of one sample a
// thread (contiguous 4 B loads), scans each tile's energies with a block-wide inclusive scan
// (__shfl_up_sync within each warp, a block that is not a multiple of 32 having a last warp
// of fewer lanes that the shuffles name exactly; the warps' totals in shared memory, scanned
// by the first warp; the carry of the earlier tiles added), keeps the last STA_LTA_RING
// running sums in a shared-memory ring (the windows reach NLTA samples back, NLTA <= 1024),
// and after a barrier each thread reads c[i - NSTA] and c[i - NLTA] from the ring and stores
// cf[i] (one contiguous 4 B store). Three barriers a tile, reached by every thread (every
// thread runs every tile). float32 ratio of the exact sums: the reference's float64 is within
// the manifest's tolerance. Dynamic shared memory: 8 * STA_LTA_RING bytes of ring + 8 per
// warp. 1-D: the block is linearized.
#include "common.cuh"

#define STA_LTA_RING 2048  // a power of two >= 1024 + NLTA

extern "C" __global__ void sta_lta(const int* __restrict__ traces, float* __restrict__ cf,
                                   int ntraces, int nsamples, int nsta, int nlta) {
    extern __shared__ char sl_smem[];  // 16-byte aligned: 8 B running sums
    long long* ring = reinterpret_cast<long long*>(sl_smem);
    long long* warp_total = ring + STA_LTA_RING;
    const int trace = blockIdx.x;
    if (trace >= ntraces) {
        return;  // the whole block leaves together
    }
    const unsigned tid = ga_tid();
    const unsigned threads = ga_nthreads();
    const unsigned lane = tid % 32;
    const unsigned warp = tid / 32;
    const unsigned warps = (threads + 31) / 32;
    // The lanes this block has in this thread's warp (the last warp may be partial).
    const unsigned lanes = min(32u, threads - warp * 32);
    const unsigned mask = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;
    const int* x = traces + (long long)trace * nsamples;
    float* out = cf + (long long)trace * nsamples;
    const float ratio = (float)nlta / (float)nsta;
    long long carry = 0;  // c[i0 - 1]: the energy of the tiles before this one
    for (int i0 = 0; i0 < nsamples; i0 += (int)threads) {
        const int i = i0 + (int)tid;
        long long v = 0;
        if (i < nsamples) {
            const long long a = x[i];
            v = a * a;
        }
        for (unsigned s = 1; s < 32; s <<= 1) {
            const long long other = __shfl_up_sync(mask, v, s);
            if (lane >= s) {
                v += other;
            }
        }
        if (lane == lanes - 1) {
            warp_total[warp] = v;
        }
        __syncthreads();
        if (warp == 0) {
            long long t = lane < warps ? warp_total[lane] : 0;
            for (unsigned s = 1; s < 32; s <<= 1) {
                const long long other = __shfl_up_sync(mask, t, s);
                if (lane >= s) {
                    t += other;
                }
            }
            if (lane < warps) {
                warp_total[lane] = t;  // inclusive: the energy of warps 0 .. lane
            }
        }
        __syncthreads();
        const long long c = carry + v + (warp > 0 ? warp_total[warp - 1] : 0);
        if (i < nsamples) {
            ring[i & (STA_LTA_RING - 1)] = c;
        }
        carry += warp_total[warps - 1];
        __syncthreads();  // the tile's running sums are in the ring
        if (i < nsamples) {
            float r = 0.0f;
            if (i >= nlta - 1) {
                const long long sta = c - (i >= nsta ? ring[(i - nsta) & (STA_LTA_RING - 1)] : 0);
                const long long lta = c - (i >= nlta ? ring[(i - nlta) & (STA_LTA_RING - 1)] : 0);
                if (lta > 0) {
                    r = (float)sta / (float)lta * ratio;
                }
            }
            out[i] = r;
        }
        // The next tile writes the ring and the warp totals only after its first barrier,
        // which every thread reaches after its reads here.
    }
}
