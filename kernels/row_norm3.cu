// Row normalization in three passes, one block per row (fixed-grid calibration set, issue 11
// round 13): out[r, c] = (x[r, c] - mean_r) / sqrt(var_r + 1e-5), with the mean and the
// two-pass variance of row r, as layer-norm kernels without an affine part compute it. The
// block's threads walk the row a block's width apart (contiguous loads) three times: the sum,
// the sum of squared deviations, the normalized store; the second and third reads of a row hit
// L1 only while the rows of the blocks resident on an SM fit in it, so this kernel's per-SM
// working set is the resident blocks times one row (COLS * 4 bytes each). Each reduction is
// a warp-shuffle sum per warp (partial warps masked), the warp totals through shared memory
// and a shuffle sum of them by the first warp (the CUB-like style; two barriers each). The
// grid is one block per row whatever the block size; any block size works. Dynamic shared
// memory: 33 floats. 1-D: the block is linearized.
#include "common.cuh"

// Sum of v over the block, returned to every thread; every thread of the block calls it.
__device__ __forceinline__ float row_norm3_block_sum(float v, float* warp_sums, unsigned tid,
                                                     unsigned threads) {
    const unsigned lane = tid & 31u;
    const unsigned warp = tid >> 5;
    const unsigned warps = (threads + 31u) >> 5;
    // lanes of this warp that exist (a block of 48 threads has a warp of 16): a lane adds
    // what it reads only from a lane that exists
    const unsigned lanes = min(32u, threads - (warp << 5));
    for (unsigned off = 16; off > 0; off >>= 1) {
        const float o = __shfl_down_sync(0xffffffffu, v, off);
        if (lane + off < lanes) {
            v += o;
        }
    }
    __syncthreads();  // warp_sums of the previous reduction have been read
    if (lane == 0) {
        warp_sums[warp] = v;
    }
    __syncthreads();
    if (warp == 0) {
        float t = lane < warps ? warp_sums[lane] : 0.0f;
        for (unsigned off = 16; off > 0; off >>= 1) {
            const float o = __shfl_down_sync(0xffffffffu, t, off);
            if (lane + off < lanes) {
                t += o;
            }
        }
        if (lane == 0) {
            warp_sums[32] = t;
        }
    }
    __syncthreads();
    return warp_sums[32];
}

extern "C" __global__ void row_norm3(const float* __restrict__ x, float* __restrict__ out,
                                     int rows, int cols) {
    extern __shared__ float warp_sums[];  // 33 floats: the warp totals and the block's
    const unsigned tid = ga_tid();
    const unsigned threads = ga_nthreads();
    const long long row = blockIdx.x;  // the grid is exactly one block per row
    const float* xr = x + row * cols;
    float* yr = out + row * cols;
    float s = 0.0f;
    for (int c = tid; c < cols; c += threads) {
        s += xr[c];
    }
    const float mean = row_norm3_block_sum(s, warp_sums, tid, threads) / (float)cols;
    float q = 0.0f;
    for (int c = tid; c < cols; c += threads) {
        const float d = xr[c] - mean;
        q += d * d;
    }
    const float var = row_norm3_block_sum(q, warp_sums, tid, threads) / (float)cols;
    const float inv = rsqrtf(var + 1e-5f);
    for (int c = tid; c < cols; c += threads) {
        yr[c] = (xr[c] - mean) * inv;
    }
}
