// deal.II's double_vector_reduction<double, DotProduct<double>> (dealii/dealii,
// include/deal.II/lac/cuda_kernels.templates.h, with block_size = 512 and chunk_size = 1 from
// include/deal.II/base/cuda_size.h: the dot product of LinearAlgebra::CUDAWrappers::Vector, the
// inner products of deal.II's CUDA matrix-free solvers, e.g. CG's) (blind check set 87: written
// after calibration, never fitted on). As in deal.II: global_idx = threadIdx.x + blockIdx.x
// (blockDim.x chunk_size), a shared result_buffer[block_size] holding v1[global_idx]
// v2[global_idx] (0 past N), the products of the further chunk_size - 1 elements block_size
// apart added (none at chunk_size 1), a barrier, then reduce: the buffer halved from
// block_size / 2 down while above 32 (a barrier a step), the last 32 by one warp
// (reduce_within_warp, volatile, no barriers), and thread 0 atomicAdd-ing result_buffer[0] to
// the result; block_size threads on cdiv(N, block_size chunk_size) blocks (the host call in
// the vector class not read). Departures: the block the sweep's, any shape (linearized:
// block_size read as the block's thread count, the buffer 8 threads B of dynamic shared
// memory; the halving generalized to a count that is not a power of two, from the next power
// of two down, a thread adding the one s on where that exists; the warp-synchronous last
// steps as barrier-separated steps too, as independent thread scheduling needs); chunk_size
// kept at deal.II's 1. Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: products and sums of whole numbers far inside
// float64's 53 bits (the atomic order immaterial). 1-D, shared memory: one thread an element,
// two 8 B loads (a warp's 256 B contiguous each), log2(threads) barrier-separated halving
// steps, one double atomicAdd a block to one address.
#include "common.cuh"

#define DEALII_CHUNK_SIZE 1

extern "C" __global__ void dealii_dot(double* result, const double* v1, const double* v2,
                                      long long N) {
    extern __shared__ double dl_buf[];
    const int threads = (int)ga_nthreads();
    const int local = (int)ga_tid();
    const long long global = (long long)blockIdx.x * threads * DEALII_CHUNK_SIZE + local;

    dl_buf[local] = global < N ? v1[global] * v2[global] : 0.0;
    for (int c = 1; c < DEALII_CHUNK_SIZE; ++c) {
        const long long g = global + (long long)c * threads;
        if (g < N) dl_buf[local] = dl_buf[local] + v1[g] * v2[g];
    }
    __syncthreads();

    int span = 1;
    while (span < threads) span <<= 1;
    for (int s = span >> 1; s > 0; s >>= 1) {
        if (local < s && local + s < threads) dl_buf[local] = dl_buf[local] + dl_buf[local + s];
        __syncthreads();
    }
    if (local == 0) atomicAdd(result, dl_buf[0]);
}
