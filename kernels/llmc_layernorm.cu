// LayerNorm forward, llm.c's layernorm_forward_kernel3 (karpathy/llm.c, train_gpt2_fp32.cu
// and dev/cuda/layernorm_forward.cu: GPT-2's ln_1 / ln_2 / ln_f over the (B, T, C) activations,
// one warp a row) (blind check set 44: written after calibration, never fitted on). As in
// llm.c: the block cut into warps (cg::tiled_partition<32>), row idx = blockIdx.x
// meta_group_size + meta_group_rank, warps past the last row returning; the row's sum by each
// lane over i = lane, lane + 32, ... and the warp's reduce, m = sum / C stored by lane 0 with a
// streaming store; the sum of (x - m)^2 the same way, s = rsqrtf(sum / C + 1e-5f) stored; then
// each lane over its columns: n = s (x - m) with the row read again by a streaming load,
// out = n weight[c] + bias[c] stored streaming. Departures: cg::reduce(warp, sum, plus) written
// as a __shfl_down_sync tree (16, 8, 4, 2, 1) and the result broadcast from lane 0 by
// __shfl_sync; the block any shape (linearized), a block that is not a multiple of 32 giving its
// last warp fewer lanes, which walks its row that many apart (warp.size() its lanes) and adds
// in its tree only the lanes it has. Written from memory. float32: the mean exact (integer
// data: an exact sum and one division, as NumPy's); rstd and out within rtol 1e-5 (and out
// atol 1e-4) of the reference: rsqrtf is not correctly rounded and the sums of squares and
// n weight + bias are contracted into FMAs. 1-D: the block is linearized, a warp per row.
#include "common.cuh"

#define LN_WARP 32

// cg::reduce(warp, v, cg::plus<float>{}): every lane gets the sum of the warp's lanes.
__device__ __forceinline__ float ln_warp_sum(float v, int lane, int lanes, unsigned mask) {
    for (int s = LN_WARP / 2; s > 0; s >>= 1) {
        const float other = __shfl_down_sync(mask, v, s);
        if (lane + s < lanes) v += other;
    }
    return __shfl_sync(mask, v, 0);
}

extern "C" __global__ void llmc_layernorm(float* __restrict__ out, float* __restrict__ mean,
                                          float* __restrict__ rstd,
                                          const float* __restrict__ inp,
                                          const float* __restrict__ weight,
                                          const float* __restrict__ bias, int N, int C) {
    // cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    const int tid = (int)ga_tid();
    const int threads = (int)ga_nthreads();
    const int meta_group_size = (threads + LN_WARP - 1) / LN_WARP;
    const int meta_group_rank = tid / LN_WARP;
    const int thread_rank = tid % LN_WARP;
    const int warp_size = min(LN_WARP, threads - meta_group_rank * LN_WARP);
    const unsigned mask = warp_size == LN_WARP ? 0xffffffffu : (1u << warp_size) - 1;

    int idx = blockIdx.x * meta_group_size + meta_group_rank;
    if (idx >= N) {
        return;
    }

    // the row of input that this group of threads is responsible for
    const float* x = inp + (long long)idx * C;

    // mean
    float sum = 0.0f;
    for (int i = thread_rank; i < C; i += warp_size) {
        sum += x[i];
    }
    sum = ln_warp_sum(sum, thread_rank, warp_size, mask);
    float m = sum / C;
    if (thread_rank == 0 && mean != nullptr) {
        __stcs(mean + idx, m);
    }

    // rstd
    sum = 0.0f;
    for (int i = thread_rank; i < C; i += warp_size) {
        float diff = x[i] - m;
        sum += diff * diff;
    }
    sum = ln_warp_sum(sum, thread_rank, warp_size, mask);
    float s = rsqrtf(sum / C + 1e-5f);
    if (thread_rank == 0 && rstd != nullptr) {
        __stcs(rstd + idx, s);
    }

    // final normalization and scaling by weight/bias
    float* o = out + (long long)idx * C;
    for (int c = thread_rank; c < C; c += warp_size) {
        // load and store using the .cs "streaming" hint to the compiler,
        // indicating that this data will not be reused soon, and can be streamed through the
        // caches; this allows the threads to get more cache-hits for the (shared) weight and
        // bias parameters
        float n = s * (__ldcs(x + c) - m);
        __stcs(o + c, n * weight[c] + bias[c]);
    }
}
