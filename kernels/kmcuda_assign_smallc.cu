// The assignment step of Lloyd's k-means, kmcuda's kmeans_assign_lloyd_smallc (src-d/kmcuda,
// src/kmeans.cu, behind kmeans_cuda_lloyd: every iteration of kmeans_cuda(..., yinyang_t = 0)
// with the L2 metric, the smallc kernel chosen where the block's samples fit in shared memory
// beside a centroid, before kmeans_adjust moves the centroids) (blind check set 61: written after
// calibration, never fitted on). As in kmcuda (F float, the L2 metric): one thread a sample
// (blockIdx.x blockDim.x + threadIdx.x), its features (transposed: feature f at samples[f
// samples_size + sample]) copied into dynamic shared memory (features_size words a thread), then
// the centroids in chunks of cstep = (shmem_size - blockDim.x features_size) / (features_size +
// 1) staged between two __syncthreads, each of the block's live threads copying size_each = cstep
// / min(blockDim.x, its live threads) + 1 consecutive centroids with their Kahan-summed squared
// norms (csqrs); then for each centroid c of the chunk the Kahan-summed dot product of sample and
// centroid and the distance csqr - 2 product, the first smallest kept; the sample's old
// assignment copied to assignments_prev and, where it changed, the new one stored and the change
// counted by atomicAggInc (a warp's changed lanes counted by one atomicAdd of its ballot's
// popcount); the host's BS_LL_ASS (128) threads on cdiv(length, 128) blocks and shmem_size the
// device's sharedMemPerBlock (48 KiB, 12,288 words). Departures: the block the sweep's, any shape
// (linearized: the sample from the block's linear thread index, blockDim.x its threads); the
// threads past the samples kept to the barriers, doing nothing else (the source returns them
// first); the __constant__ sizes (d_features_size a uint16_t there) and the __device__ change
// counter d_changed_number as arguments; the round-down FMAs (__fmaf_rd) as a multiply and an add
// each rounded to nearest (the same values: whole-number data, every product and sum exact);
// atomicAggInc's ballot(1) (a full-mask __ballot_sync inside the changed lanes' branch) as a
// full-warp __ballot_sync of the changed flags after it, the lowest changed lane adding the count
// (its return value unused here as in the source); the search-failure printf dropped (its return
// kept). Reimplemented from the published source (its indexing, arithmetic and control flow; none
// of its text). Exact: whole-number features (every Kahan compensation 0, every distance an exact
// integer; ties to the first centroid). 1-D: the block is linearized, one thread a sample.
#include "common.cuh"

#define KMCUDA_FLT_MAX 3.402823466e+38f  // _fmax<float>(): FLT_MAX

// a b + acc (the source's round-down FMA; exact here).
__device__ __forceinline__ float kmcuda_fma(float acc, float a, float b) {
    return __fadd_rn(__fmul_rn(a, b), acc);
}

// METRIC<L2, float>::sum_squares: the Kahan-summed squares of vec, copied into cache.
__device__ __forceinline__ float kmcuda_sum_squares(const float* vec, float* cache,
                                                    int features_size) {
    float ssqr = 0.0f, corr = 0.0f;
#pragma unroll 4
    for (int f = 0; f < features_size; f++) {
        const float v = vec[f];
        cache[f] = v;
        const float y = kmcuda_fma(corr, v, v);
        const float t = ssqr + y;
        corr = y - (t - ssqr);
        ssqr = t;
    }
    return ssqr;
}

extern "C" __global__ void kmcuda_assign_smallc(unsigned offset, unsigned length,
                                                const float* __restrict__ samples,
                                                const float* __restrict__ centroids,
                                                unsigned* __restrict__ assignments_prev,
                                                unsigned* __restrict__ assignments,
                                                unsigned* changed, unsigned samples_size,
                                                unsigned clusters_size, int features_size,
                                                int shmem_size) {
    const unsigned threads = ga_nthreads();
    const unsigned tid = ga_tid();
    const unsigned sample = blockIdx.x * threads + tid;
    const bool live = sample < length;  // the source returns the others here
    float min_dist = KMCUDA_FLT_MAX;
    unsigned nearest = 0xFFFFFFFFu;
    extern __shared__ float _shared_samples[];
    float* shared_samples = _shared_samples;
    float* shared_centroids = shared_samples + threads * features_size;
    const unsigned cstep = (shmem_size - threads * features_size) / (features_size + 1);
    float* csqrs = shared_centroids + cstep * features_size;
    const unsigned size_each = cstep / min(threads, length - blockIdx.x * threads) + 1;
    const unsigned local_sample = sample + offset;
    const bool insane = live && samples[local_sample] != samples[local_sample];
    const unsigned soffset = tid * features_size;
    if (live && !insane) {
        for (unsigned long long f = 0; f < (unsigned long long)features_size; f++) {
            shared_samples[soffset + f] = samples[f * samples_size + local_sample];
        }
    }

    for (unsigned gc = 0; gc < clusters_size; gc += cstep) {
        unsigned coffset = gc * features_size;
        __syncthreads();
        if (live) {
            for (unsigned i = 0; i < size_each; i++) {
                const unsigned ci = tid * size_each + i;
                const unsigned local_offset = ci * features_size;
                const unsigned global_offset = coffset + local_offset;
                if (global_offset < clusters_size * features_size && ci < cstep) {
                    csqrs[ci] = kmcuda_sum_squares(centroids + global_offset,
                                                   shared_centroids + local_offset,
                                                   features_size);
                }
            }
        }
        __syncthreads();
        if (!live || insane) continue;
        for (unsigned c = gc; c < gc + cstep && c < clusters_size; c++) {
            float product = 0.0f, corr = 0.0f;
            coffset = (c - gc) * features_size;
#pragma unroll 4
            for (int f = 0; f < features_size; f++) {
                const float y = kmcuda_fma(corr, shared_samples[soffset + f],
                                           shared_centroids[coffset + f]);
                const float t = product + y;
                corr = y - (t - product);
                product = t;
            }
            // METRIC<L2>::distance(0, csqr, product): (0 + csqr) - 2 product
            const float dist = kmcuda_fma(0.0f + csqrs[c - gc], -2.0f, product);
            if (dist < min_dist) {
                min_dist = dist;
                nearest = c;
            }
        }
    }

    bool moved = false;
    bool failed = false;  // the source prints and returns (no centroid was nearer than FLT_MAX)
    if (nearest == 0xFFFFFFFFu) {
        if (insane) {
            nearest = clusters_size;  // a NaN sample
        } else {
            failed = true;
        }
    }
    if (live && !failed) {
        const unsigned ass = assignments[sample];
        assignments_prev[sample] = ass;
        if (ass != nearest) {
            assignments[sample] = nearest;
            moved = true;
        }
    }
    // atomicAggInc: the warp's changed lanes counted by one add from the lowest of them
    const unsigned mask = __ballot_sync(0xFFFFFFFFu, moved);
    if (mask != 0u && (int)(tid % 32) == __ffs((int)mask) - 1) {
        atomicAdd(changed, (unsigned)__popc(mask));
    }
}
