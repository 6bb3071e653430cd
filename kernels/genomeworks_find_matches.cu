// GenomeWorks' find_query_target_matches_kernel (NVIDIA-Genomics-Research/GenomeWorks,
// cudamapper/src/matcher_gpu.cu, launched by details::matcher_gpu::find_query_target_matches
// in the same file for MatcherGPU: cudamapper's search of each unique minimizer representation
// of the query index among the sorted unique representations of the target index, the first
// step of building the anchors of a long-read overlap) (blind check set 87: written after
// calibration, never fitted on). As in GenomeWorks: i = blockIdx.x blockDim.x + threadIdx.x,
// threads at or past n_query_representations leaving; query = query_representations[i]; a
// lower_bound binary search of the target array (mid = lo + (hi - lo) / 2, lo = mid + 1 where
// target[mid] < query, else hi = mid); found_target_indices[i] = the position found where the
// target there equals the query, else -1; the host's 256 threads on cdiv(n, 256) blocks.
// Departures: the block the sweep's, any shape (linearized); the iterators as indices;
// representation_t (64-bit unsigned) as int64 (values are non-negative). The source reads the
// target at the position found even when the search runs off the end: the data keeps every
// query at most the targets' last (both arrays end at the same value), so it never does.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: integer comparisons. 1-D, no shared memory: one thread a query, an 8 B load
// (a warp's 256 B contiguous), about log2(targets) dependent 8 B loads of the search (the
// warp's lanes apart in the first steps, converging in cached lines as the sorted queries
// share paths) and an 8 B store (a warp's 256 B contiguous).
#include "common.cuh"

extern "C" __global__ void genomeworks_find_matches(long long* found_target_indices,
                                                    const long long* query_representations,
                                                    long long n_query_representations,
                                                    const long long* target_representations,
                                                    long long n_target_representations) {
    const long long i = ga_linear();
    if (i >= n_query_representations) return;

    const long long query = query_representations[i];
    long long lo = 0;
    long long hi = n_target_representations;
    while (hi > lo) {
        const long long mid = lo + (hi - lo) / 2;
        if (target_representations[mid] < query) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    long long found = -1;
    if (target_representations[lo] == query) found = lo;
    found_target_indices[i] = found;
}
