// ColossalAI's MoE combine, moe_cb_fwd_kernel<float, 32, 16> (hpcaitech/ColossalAI,
// extensions/csrc/kernel/cuda/moe_kernel.cu, launched by moe_cb_fwd_launch behind
// moe_combine_cuda_forward in the same file: MOE_KERNEL.combine_forward in MoeCombine.forward
// (colossalai/moe/_operation.py), the combine step of ColossalAI's kernel-optimized MoE layer
// (colossalai/legacy/moe/layer/layers.py: each token's outputs from its top-2 experts' capacity
// slots, weighted by its router scores, summed back into the token's row)) (blind check set 77:
// written after calibration, never fitted on). As in ColossalAI: one block a token (row =
// blockIdx.x), eid1 = dest1[row] / c and eid2 = dest2[row] / c its experts, the weights
// logits[row e + eid1] and logits[row e + eid2], indicator1 = mask1[row], indicator2 =
// mask2[row], the token's two expert rows dest1[row] h and dest2[row] h on; both indicators: the
// row's packs pack1 w1 + pack2 w2, one: that row times its weight, none: nothing; each thread a
// pack of pack_size consecutive floats from tps = threadIdx.x pack_size, idx from 0 in steps of
// block_size pack_size while idx + tps < cols (cub::BlockLoad and BlockStore, BLOCK_LOAD_VECTORIZE:
// the blocked arrangement); the host's 32 threads with packs of 16 on s blocks for h = 768
// (h < 1024). Departures: the block the sweep's, any shape (linearized: the packs in steps of all
// the block's threads), the pack size kept at 16; cub's vectorized block load and store as the
// thread's 16 loads and stores (the same blocked arrangement; the CPU shim has no cub); mask2
// always given (top-2 routing); the output's starting values the manifest's (ColossalAI zeroes
// it first). Reimplemented from the published source (its indexing, arithmetic and control
// flow; none of its text). Exact: whole-number expert outputs and router weights (every product
// and sum a small integer, fused or not). 1-D: one block a token: per thread 16 4 B loads from
// each of two gathered expert rows (64 B contiguous, a warp's 2 KiB) and 16 4 B stores.
#include "common.cuh"

constexpr int MOE_PACK = 16;  // pack_size of the host's launch for h >= 512

extern "C" __global__ void colossal_moe_combine(const float* expert_tokens, float* combine_tokens,
                                                const float* logits, const int* mask1,
                                                const int* mask2, const int* dest1,
                                                const int* dest2, int e, int c, int h) {
    const int row = blockIdx.x;
    const int eid1 = dest1[row] / c;
    const int eid2 = dest2[row] / c;
    const int indicator2 = mask2[row];
    const float* row_log = logits + row * e;
    const float weight1 = row_log[eid1];
    const float weight2 = row_log[eid2];
    const int indicator1 = mask1[row];
    const float* src_row1 = expert_tokens + dest1[row] * h;
    const float* src_row2 = expert_tokens + dest2[row] * h;
    float* dst_row = combine_tokens + row * h;
    const int tps = (int)ga_tid() * MOE_PACK;
    const int bpack_size = (int)ga_nthreads() * MOE_PACK;
    if (indicator1 != 0 && indicator2 != 0) {
        for (int idx = 0; idx + tps < h; idx += bpack_size) {
#pragma unroll
            for (int p = 0; p < MOE_PACK; ++p) {
                const int col = idx + tps + p;
                dst_row[col] = src_row1[col] * weight1 + src_row2[col] * weight2;
            }
        }
    } else if (indicator1 != 0) {
        for (int idx = 0; idx + tps < h; idx += bpack_size) {
#pragma unroll
            for (int p = 0; p < MOE_PACK; ++p) {
                dst_row[idx + tps + p] = src_row1[idx + tps + p] * weight1;
            }
        }
    } else if (indicator2 != 0) {
        for (int idx = 0; idx + tps < h; idx += bpack_size) {
#pragma unroll
            for (int p = 0; p < MOE_PACK; ++p) {
                dst_row[idx + tps + p] = src_row2[idx + tps + p] * weight2;
            }
        }
    }
}
