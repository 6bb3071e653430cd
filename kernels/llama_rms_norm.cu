// RMS normalization of every row, llama.cpp's rms_norm_f32 (ggml/src/ggml-cuda/norm.cu: the
// RMS_NORM op of every Llama-family layer, before the attention and the feed-forward), one
// block per row on a fixed grid (blind check set 34: written after calibration, never fitted
// on; its sweeps go to fixtures/hopper/blind34/ once recorded). Row r of x (rows x ncols,
// row-major): the block's threads walk the row a block's width apart summing x^2 in float,
// reduce the partial sums by a warp-shuffle sum per warp, the warp totals through a 32-float
// shared array and a second warp sum; mean = sum / ncols, scale = rsqrtf(mean + eps), then
// walk the row again storing scale x. As in llama.cpp: the two passes over the row, the
// per-thread partial in one register, s_sum[32] by lane 0 of each warp, one barrier, the
// second warp sum of s_sum[lane]. Departures: llama.cpp's block_size template (32 threads
// below 1024 columns, 1024 from there on) becomes any block (linearized); its warp_reduce_sum
// (an xor butterfly over 32 lanes that leaves the sum in every lane) becomes a shuffle-down
// sum over the lanes the warp has (partial warps of blocks that are not multiples of 32) with
// the block's total broadcast through s_sum[32] after a second barrier; s_sum[lane] reads 0
// for lanes past the block's warps (llama.cpp's 1024-thread block fills all 32); the channel
// and sample strides and the fused multiply and add are left out (one contiguous matrix);
// the static s_sum[32] is 33 floats of dynamic shared memory.
// Written from memory of llama.cpp's kernel. Per thread: ncols / threads contiguous 4 B loads,
// twice (the second pass from L2 where the row is still there), as many 4 B stores, 2 FLOPs a
// value. float32 (rsqrtf: the manifest's tolerance). 1-D: the block is linearized.
#include "common.cuh"

// Sum of v over the lanes the warp has, in lane 0 (the others hold partial sums).
__device__ __forceinline__ float rms_warp_sum(float v, unsigned lane, unsigned lanes) {
    for (unsigned off = 16; off > 0; off >>= 1) {
        const float o = __shfl_down_sync(0xffffffffu, v, off);
        if (lane + off < lanes) {
            v += o;
        }
    }
    return v;
}

extern "C" __global__ void llama_rms_norm(const float* __restrict__ x, float* __restrict__ dst,
                                          int ncols, float eps) {
    extern __shared__ float s_sum[];  // 33 floats: the warp totals, then the block's total
    const int row = blockIdx.x;  // one block per row whatever the block size
    const int tid = (int)ga_tid();
    const int block_size = (int)ga_nthreads();
    const unsigned lane_id = (unsigned)tid % 32u;
    const unsigned warp_id = (unsigned)tid / 32u;
    const unsigned warps = ((unsigned)block_size + 31u) / 32u;
    const unsigned lanes = min(32u, (unsigned)block_size - warp_id * 32u);
    x += (long long)row * ncols;
    dst += (long long)row * ncols;

    float tmp = 0.0f;  // partial sum for thread in warp
    for (int col = tid; col < ncols; col += block_size) {
        const float xi = x[col];
        tmp += xi * xi;
    }

    // sum up partial sums
    tmp = rms_warp_sum(tmp, lane_id, lanes);
    if (lane_id == 0) {
        s_sum[warp_id] = tmp;
    }
    __syncthreads();
    if (warp_id == 0) {
        tmp = lane_id < warps ? s_sum[lane_id] : 0.0f;
        tmp = rms_warp_sum(tmp, lane_id, lanes);
        if (lane_id == 0) {
            s_sum[32] = tmp;
        }
    }
    __syncthreads();
    tmp = s_sum[32];

    const float mean = tmp / ncols;
    const float scale = rsqrtf(mean + eps);

    for (int col = tid; col < ncols; col += block_size) {
        dst[col] = scale * x[col];
    }
}
