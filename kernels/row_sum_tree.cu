// Row sums, one block per row (fixed-grid calibration set, issue 11 round 13): sums[r] = the
// sum of row r of an int32 matrix. The block's threads walk the row a block's width apart
// (contiguous loads, each value read once: no reuse), then sum their partials with a
// shared-memory tree reduction (from the largest power of two below the block size, so any
// block size works; a barrier between steps) and thread 0 stores the row's sum. Per row the
// block does COLS / threads loads per thread and log2(threads) barrier steps. The grid is one
// block per row whatever the block size. Dynamic shared memory: 4 * threads bytes. 1-D: the
// block is linearized.
#include "common.cuh"

extern "C" __global__ void row_sum_tree(const int* __restrict__ x, int* __restrict__ sums,
                                        int rows, int cols) {
    extern __shared__ int part[];
    const unsigned tid = ga_tid();
    const unsigned threads = ga_nthreads();
    const long long row = blockIdx.x;  // the grid is exactly one block per row
    const int* xr = x + row * cols;
    int v = 0;
    for (int c = tid; c < cols; c += threads) {
        v += xr[c];
    }
    part[tid] = v;
    __syncthreads();
    unsigned half = 1;
    while (2 * half < threads) {
        half *= 2;
    }
    for (unsigned s = half; s > 0; s >>= 1) {
        if (tid < s && tid + s < threads) {
            part[tid] += part[tid + s];
        }
        __syncthreads();
    }
    if (tid == 0) {
        sums[row] = part[0];
    }
}
