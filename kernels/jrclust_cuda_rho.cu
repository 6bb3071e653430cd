// JRCLUST's jrc_cuda_rho (JaneliaSciComp/JRCLUST, +jrclust/+CUDA/jrc_cuda_rho.cu, launched through
// MATLAB's parallel.gpu.CUDAKernel by computeRho (its per-site rho step) with ThreadBlockSize
// [nThreadsGPU, 1] (default 128) and GridSize [ceil(n1 / 16 / 16), 16]: the local density (rho)
// of JRCLUST's density-peak spike clustering, for each spike of a site the fraction of the
// time-nearby spikes of the site and its neighbours whose feature vectors lie within the
// distance cut-off) (blind check set 99: written after calibration, never fitted on). As in
// JRCLUST: a block owns CHUNK = 16 consecutive spikes i1 = (blockIdx.x + blockIdx.y gridDim.x)
// 16; their nC features and time orders are staged in shared memory (zeros past n1), and with
// fDc_spk the per-spike cut-off dc2 |f|^2; each thread clears its own 16 rho and comparison
// counters; a barrier; the threads stride over the n12 candidate spikes (tx, tx + threads, ...),
// each computing the squared distances to the 16 chunk spikes in registers and, where the time
// orders differ by at most dn_max, counting the comparison and (distance <= dc2, or < the
// spike's own cut-off) the neighbour; a barrier; the first 16 threads sum their spike's
// counters over the block and store rho = (float)((double)nRho / (double)nComp). Departures:
// the block any shape (linearized; the static shared arrays (16 orders, 16 cut-offs, [45][16]
// features, [NTHREADS = 128][CHUNK] counters twice) one dynamic allocation of 3,008 B + 128 B a
// thread; the staging and the final sums, written for tx < nC and tx < 16,
// looped by the block's threads so that a block smaller than nC or 16 works); the int
// constants vnConst (n1, n12, nC, dn_max, fDc_spk) as scalar arguments; a barrier between the
// staging and the cut-offs (the source computes them from features other threads stage, before
// its first barrier). Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// squared distances of whole-number features (sums far below 2^24), integer counts, one
// correctly rounded double division a spike. 1-D, shared memory, a fixed grid and a per-block
// work split: a block's 16 spikes against all n12 candidates shared out among its threads; per
// candidate a 4 B order load and nC 4 B feature loads (a warp's lanes nC * 4 B apart) against
// broadcast shared features, then 16 shared read-modify-writes of the thread's own counters.
#include "common.cuh"

#define JR_CHUNK 16
#define JR_NC 45

extern "C" __global__ void jrclust_cuda_rho(float* vrRho1, const float* mrFet12,
                                            const int* viiSpk12_ord, int n1, int n12, int nC,
                                            int dn_max, int fDc_spk, float dc2) {
    // one dynamic allocation: the 16 orders, the 16 cut-offs, the [45][16] features, then the
    // [threads][16] rho counts and the [threads][16] comparison counts
    extern __shared__ int jr_shared[];
    int* jr_ord1 = jr_shared;
    float* jr_dc1 = reinterpret_cast<float*>(jr_shared + JR_CHUNK);
    float(*jr_fet1)[JR_CHUNK] = reinterpret_cast<float(*)[JR_CHUNK]>(jr_shared + 2 * JR_CHUNK);
    const int tx = ga_tid();
    const int nthreads = ga_nthreads();
    const int i1 = (blockIdx.x + blockIdx.y * gridDim.x) * JR_CHUNK;
    int* rho = jr_shared + 2 * JR_CHUNK + JR_NC * JR_CHUNK;
    int* comp = rho + nthreads * JR_CHUNK;

    for (int c = tx; c < nC; c += nthreads) {
        for (int k = 0; k < JR_CHUNK; ++k) {
            jr_fet1[c][k] = i1 + k < n1 ? mrFet12[c + (long long)(i1 + k) * nC] : 0.0f;
        }
    }
    for (int k = tx; k < JR_CHUNK; k += nthreads) {
        if (i1 + k < n1) jr_ord1[k] = viiSpk12_ord[i1 + k];
    }
    for (int k = 0; k < JR_CHUNK; ++k) {
        rho[tx * JR_CHUNK + k] = 0;
        comp[tx * JR_CHUNK + k] = 0;
    }
    __syncthreads();  // the features staged before the cut-offs read them
    if (fDc_spk == 1) {
        for (int k = tx; k < JR_CHUNK; k += nthreads) {
            float s = 0.0f;
            for (int c = 0; c < nC; ++c) s += jr_fet1[c][k] * jr_fet1[c][k];
            jr_dc1[k] = s * dc2;
        }
    }
    __syncthreads();

    for (int i12 = tx; i12 < n12; i12 += nthreads) {
        const int ord12 = viiSpk12_ord[i12];
        float dist[JR_CHUNK];
        for (int k = 0; k < JR_CHUNK; ++k) dist[k] = 0.0f;
        for (int c = 0; c < nC; ++c) {
            const float f = mrFet12[c + (long long)i12 * nC];
            for (int k = 0; k < JR_CHUNK; ++k) {
                const float d = f - jr_fet1[c][k];
                dist[k] += d * d;
            }
        }
        for (int k = 0; k < JR_CHUNK; ++k) {
            const int dt = jr_ord1[k] - ord12;
            if ((dt < 0 ? -dt : dt) <= dn_max) {
                ++comp[tx * JR_CHUNK + k];
                if (fDc_spk == 0) {
                    if (dist[k] <= dc2) ++rho[tx * JR_CHUNK + k];
                } else {
                    if (dist[k] < jr_dc1[k]) ++rho[tx * JR_CHUNK + k];
                }
            }
        }
    }
    __syncthreads();

    for (int k = tx; k < JR_CHUNK; k += nthreads) {
        int n_rho = 0;
        int n_comp = 0;
        for (int t = 0; t < nthreads; ++t) {
            n_rho += rho[t * JR_CHUNK + k];
            n_comp += comp[t * JR_CHUNK + k];
        }
        if (i1 + k < n1) vrRho1[i1 + k] = (float)((double)n_rho / (double)n_comp);
    }
}
