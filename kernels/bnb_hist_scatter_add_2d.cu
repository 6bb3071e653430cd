// Scatter-add of values into a 2-D histogram by a pair of indices, bitsandbytes'
// kHistogramScatterAdd2D (bitsandbytes-foundation/bitsandbytes, csrc/kernels.cu, behind
// histogramScatterAdd2D of csrc/ops.cu and bnb.functional.histogram_scatter_add_2d: the
// outlier statistics of LLM.int8()'s hidden dimensions) (blind check set 47: written after
// calibration, never fitted on). As in bitsandbytes: tid = threadIdx.x + blockDim.x
// blockIdx.x, a loop over i from tid in steps of the grid's threads (blockDim.x gridDim.x)
// while i < n, idx = index1[i] maxidx1 + index2[i] (maxidx1 the histogram's first dimension,
// a square histogram's row length) and atomicAdd(&histogram[idx], src[i]); the host's grid
// n / threads blocks, one more for a remainder (the loop runs once a thread). Departures:
// bitsandbytes' 512 threads a block the block's threads, any shape (the block linearized);
// the pointers to the indices and values const. Written from memory. Exact (integer values:
// every cell's sum below 2^24, so any order of the float atomics gives the same sum). 1-D: the
// block is linearized.
#include "common.cuh"

extern "C" __global__ void bnb_hist_scatter_add_2d(float* histogram, const int* index1,
                                                   const int* index2, const float* src,
                                                   const int maxidx1, const int n) {
    const int tid = (int)ga_tid() + ((int)ga_nthreads() * blockIdx.x);
    const int numThreads = (int)ga_nthreads() * gridDim.x;

    for (int i = tid; i < n; i += numThreads) {
        int idx = (index1[i] * maxidx1) + index2[i];
        atomicAdd(&histogram[idx], src[i]);
    }
}
