// The MoE unpermute of Transformer Engine, moe_recover_topK_kernel<float, float, 4, true>
// (NVIDIA/TransformerEngine, transformer_engine/common/permutation/permutation.cu, behind
// moe_permute_topK_kernel_launcher<..., FWD = false> in the same file: nvte_permutation's
// unpermute with probabilities, the combine after the experts' GEMMs that folds each token's
// top-K expert outputs back into its row, weighted by its router probabilities) (blind check
// set 72: written after calibration, never fitted on). As in Transformer Engine: one block a
// source token, its num_topK probabilities staged in dynamic shared memory (threads tid in
// steps of the block, a barrier), then per 4-float fragment i = 4 tid in steps of 4 blockDim.x
// below num_cols: the row row_id_map[source_token] (the first expert's; -1 a dropped one,
// zeros) times s_prob[0], plus for k = 1 .. num_topK - 1 the row row_id_map[k num_rows +
// source_token] (skipped when -1) times s_prob[k], stored as one 16 B vector to
// unpermuted_output[source_token num_cols + i]; the host's num_rows blocks of min(num_cols /
// 4, 1024) threads, num_topK floats of dynamic shared memory. Departures: the block the
// sweep's, any shape (linearized; the probabilities' loop and the fragments' step over all its
// threads); cutlass' Array fragments and global_load as a float4 load. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// whole-number values in [-8, 8) and weights in [1, 4): every product and sum a small
// integer, contracted or not. 1-D: one block a token, the block linearized over its columns.
#include "common.cuh"

extern "C" __global__ void te_moe_unpermute(const float* __restrict__ input,
                                            float* __restrict__ unpermuted_output,
                                            const int* __restrict__ row_id_map,
                                            const float* __restrict__ prob, int num_rows,
                                            int num_topk, int num_cols) {
    extern __shared__ float s_prob[];
    const int source_token = blockIdx.x;
    const int tid = (int)ga_tid();
    const int threads = (int)ga_nthreads();
    for (int i = tid; i < num_topk; i += threads) {
        s_prob[i] = prob[source_token * num_topk + i];
    }
    __syncthreads();

    for (int i = tid * 4; i < num_cols; i += threads * 4) {
        float4 frag_sum;
        int source_row = row_id_map[source_token];
        if (source_row != -1) {
            const float4 v = *reinterpret_cast<const float4*>(
                input + (long long)source_row * num_cols + i);
            frag_sum.x = v.x * s_prob[0];
            frag_sum.y = v.y * s_prob[0];
            frag_sum.z = v.z * s_prob[0];
            frag_sum.w = v.w * s_prob[0];
        } else {
            frag_sum = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
        }
        for (int k = 1; k < num_topk; k++) {
            source_row = row_id_map[k * num_rows + source_token];
            if (source_row == -1) continue;
            const float4 v = *reinterpret_cast<const float4*>(
                input + (long long)source_row * num_cols + i);
            frag_sum.x = frag_sum.x + v.x * s_prob[k];
            frag_sum.y = frag_sum.y + v.y * s_prob[k];
            frag_sum.z = frag_sum.z + v.z * s_prob[k];
            frag_sum.w = frag_sum.w + v.w * s_prob[k];
        }
        *reinterpret_cast<float4*>(unpermuted_output + (long long)source_token * num_cols + i) =
            frag_sum;
    }
}
