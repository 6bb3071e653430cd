// HiOp's copyToStartingAt_w_pattern_cu (LLNL/hiop, src/LinAlg/VectorCudaKernels.cu, launched
// by hiop::cuda::copyToStartingAt_w_pattern_kernel in the same file: hiopVectorCuda's copy of
// the entries a pattern selects (a variable with a bound, an active constraint) into a compact
// vector at an offset, the pattern's running count from compute_cusum_kernel and a
// thrust::inclusive_scan) (blind check set 87: written after calibration, never fitted on). As
// in HiOp: tid = blockIdx.x blockDim.x + threadIdx.x, num_threads = blockDim.x gridDim.x; for i
// from tid + 1 below n_src + 1 in steps of num_threads, where nnz_cumsum[i] differs from
// nnz_cumsum[i - 1], vd[nnz_cumsum[i - 1] + start_index_in_dest] = dd[i - 1]; the host's
// block_size = 256 threads on cdiv(n_src, 256) blocks (the loop run once). Departures: the
// block the sweep's, any shape (linearized); n_dest kept but unused (as in HiOp).
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: copies. 1-D, no shared memory: one thread an entry, two 4 B count loads
// (a warp's 128 B contiguous, one word apart), and where the count steps an 8 B load (a
// warp's 256 B, some lanes idle) and an 8 B store compacted (a warp's stores contiguous but
// for the unselected entries).
#include "common.cuh"

extern "C" __global__ void hiop_copy_pattern(int n_src, int n_dest, int start_index_in_dest,
                                             const int* nnz_cumsum, double* vd,
                                             const double* dd) {
    const long long num_threads = (long long)gridDim.x * ga_nthreads();
    for (long long i = ga_linear() + 1; i < (long long)n_src + 1; i += num_threads) {
        const int before = nnz_cumsum[i - 1];
        if (nnz_cumsum[i] != before) {
            vd[(long long)before + start_index_in_dest] = dd[i - 1];
        }
    }
}
