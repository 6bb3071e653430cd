// The assignment step of k-means, Rodinia's kmeansPoint (rodinia/cuda/kmeans/
// kmeans_cuda_kernel.cu: the kernel of each k-means iteration), one point per thread
// (blind check set 32: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind32/ once recorded). Point point_id's membership is the index of the
// nearest of nclusters centres in squared Euclidean distance over nfeatures features (the
// first of equal distances: Rodinia's strict <), -1 where there are no centres. Rodinia
// reads the features from a texture of the feature-major ("flipped") array, feature j of
// point p at j npoints + p, and the centres from __constant__ memory (c_clusters, room for
// ASSUMED_NR_CLUSTERS = 32 centres of 34 features, the KDD Cup data's); here both are plain
// global loads (the features through the read-only path, the centres' addresses the same
// across the warp: a broadcast), as in Rodinia re-read for every centre. Rodinia's 1-D
// blocks on a 2-D grid (point_id = (gridDim.x blockIdx.y + blockIdx.x) blockDim.x blockDim.y
// + threadIdx.x) become the linearized block on a 1-D grid; its block_deltas and
// block_clusters outputs (compiled out unless GPU_DELTA_REDUCTION / GPU_NEW_CENTER_REDUCTION)
// are dropped. Per thread: nclusters x nfeatures 4 B feature loads (npoints floats apart
// between features, each point's nfeatures words re-read nclusters times: L1), as many
// broadcast centre loads, a subtract and an FMA each, a compare per centre, one 4 B store.
// float32 on integers: exact. 1-D: the block is linearized.
#include "common.cuh"

#ifndef FLT_MAX
#define FLT_MAX 3.40282347e+38
#endif

extern "C" __global__ void rodinia_kmeans_point(const float* __restrict__ features,
                                                int nfeatures, int npoints, int nclusters,
                                                int* __restrict__ membership,
                                                const float* __restrict__ clusters) {
    // point/thread ID
    const long long point_id = ga_linear();
    int index = -1;

    if (point_id < npoints) {
        int i, j;
        float min_dist = FLT_MAX;
        float dist; /* distance square between a point to cluster center */

        /* find the cluster center id with min distance to pt */
        for (i = 0; i < nclusters; i++) {
            int cluster_base_index = i * nfeatures; /* base index of cluster centers for inverted array */
            float ans = 0.0;                        /* Euclidean distance sqaure */

            for (j = 0; j < nfeatures; j++) {
                long long addr = point_id + (long long)j * npoints; /* appropriate index of data point */
                float diff = (features[addr] - clusters[cluster_base_index + j]); /* distance between a data point to cluster centers */
                ans += diff * diff;                                               /* sum of squares */
            }
            dist = ans;

            /* see if distance is smaller than previous ones:
            if so, change minimum distance and save index of cluster center */
            if (dist < min_dist) {
                min_dist = dist;
                index = i;
            }
        }
    }

    if (point_id < npoints) {
        /* assign the membership to object point_id */
        membership[point_id] = index;
    }
}
