// Per-filter mean of a batch of feature maps, Darknet's fast_mean_kernel (pjreddie/darknet,
// src/blas_kernels.cu: the batch normalization layer's mean in training, fast_mean_gpu) (blind
// check set 45: written after calibration, never fitted on). As in Darknet: one block per
// filter (grid = filters), each thread summing into its own slot local[id] the elements
// i + id of every image's spatial plane of the filter (x[j spatial filters + filter spatial +
// i + id] for i in steps of the block's threads, 0 past spatial), a barrier, then thread 0
// setting mean[filter] = 0, adding the threads' slots one by one into it and dividing it by
// spatial batch. Departures: Darknet's BLOCK (512) threads and its __shared__ local[BLOCK]
// here the block's threads, any shape (the block linearized), local one dynamic allocation
// of that many floats. Written from memory. Integer-valued x with sums below 2^24: every
// partial sum exact, the mean the correctly rounded quotient. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void darknet_fast_mean(const float* __restrict__ x, int batch,
                                             int filters, int spatial,
                                             float* __restrict__ mean) {
    const int threads = (int)ga_nthreads();
    extern __shared__ float local[];

    int id = (int)ga_tid();
    local[id] = 0;

    int filter = blockIdx.x;

    int i, j;
    for (j = 0; j < batch; ++j) {
        for (i = 0; i < spatial; i += threads) {
            int index = j * spatial * filters + filter * spatial + i + id;
            local[id] += (i + id < spatial) ? x[index] : 0;
        }
    }

    __syncthreads();

    if (id == 0) {
        mean[filter] = 0;
        for (i = 0; i < threads; ++i) {
            mean[filter] += local[i];
        }
        mean[filter] /= spatial * batch;
    }
}
