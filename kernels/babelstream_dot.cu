// The dot product of two arrays, BabelStream's dot_kernel (UoB-HPC/BabelStream,
// src/cuda/CUDAStream.cu, behind CUDAStream<T>::dot in the same file: the Dot test of the
// memory-bandwidth benchmark, run after Copy, Mul, Add and Triad in each of its iterations,
// the host adding the blocks' partial sums) (blind check set 69: written after calibration,
// never fitted on). As in BabelStream: i from threadIdx.x + blockDim.x blockIdx.x below
// array_size in steps of gridDim.x blockDim.x, tmp += a[i] b[i], smem[tidx] = tmp, halved
// from blockDim.x / 2 (a barrier, then smem[tidx] += smem[tidx + offset] below offset),
// sums[blockIdx.x] = smem[0] from thread 0; the host's dot_num_blocks = 4 multiProcessorCount
// blocks of TBSIZE_DOT = 1024 threads (a fixed grid: the loop takes the rest). Departures: the
// block the sweep's, any shape (linearized); the halving from the largest power of two below
// the block's threads, a step adding only partners inside the block (any block size;
// BabelStream's is a power of two), its TBSIZE_DOT doubles of static shared memory dynamic,
// one per thread. Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: whole-number doubles (every product and sum an
// integer far below 2^53, in any order). 1-D: the block is linearized, a fixed grid.
#include "common.cuh"

extern "C" __global__ void babelstream_dot(const double* __restrict__ a,
                                           const double* __restrict__ b,
                                           double* __restrict__ sums, long long array_size) {
    extern __shared__ double smem[];
    const unsigned tidx = ga_tid();
    const unsigned threads = ga_nthreads();
    double tmp = 0.0;
    for (long long i = tidx + (long long)threads * blockIdx.x; i < array_size;
         i += (long long)gridDim.x * threads) {
        tmp += a[i] * b[i];
    }
    smem[tidx] = tmp;

    unsigned half = 1;
    while (2 * half < threads) {
        half *= 2;
    }
    for (unsigned offset = half; offset > 0; offset >>= 1) {
        __syncthreads();
        if (tidx < offset && tidx + offset < threads) {
            smem[tidx] += smem[tidx + offset];
        }
    }
    if (tidx == 0) {
        sums[blockIdx.x] = smem[tidx];
    }
}
