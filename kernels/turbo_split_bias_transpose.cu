// TurboTransformers' fused QKV split, split_add_bias_transpose_for_score (Tencent/
// TurboTransformers, turbo_transformers/layers/kernels/gpu_transpose_kernel.cu, launched by
// GPUSplitAddBiasTransposeForScore<float> in the same file behind kernels::
// SplitAddBiasTransposeForScore, which the BERT self-attention (BertAttention: one fused Q, K,
// V GEMM, then this split) calls in every layer of TurboTransformers' BERT inference) (blind
// check set 80: written after calibration, never fitted on). As in TurboTransformers: one block
// a (batch, sequence position, weight (Q, K or V), head) row of the GEMM's (batch, seq, 3, heads,
// size_per_head) output, bid = blockIdx.x split into batch_id = bid / (seq weights heads), seq_id
// = bid % (seq weights heads) / (weights heads), weight_id = bid % (weights heads) / heads and
// head_id = bid % heads; idx from threadIdx.x in steps of blockDim.x below size_per_head,
// output[weight_id][batch_id][head_id][seq_id][idx] = input[batch_id][seq_id][weight_id][head_id]
// [idx] + bias[weight_id][head_id][idx]; the host's min(size_per_head, 1024) threads (64 here) on
// batch seq heads weights blocks. Departures: the block the sweep's, any shape (linearized: idx
// in steps of all the block's threads). Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: whole-number activations and biases.
// 1-D: one block a row of 64 values (256 B): a 4 B load, a 4 B bias load and a 4 B store a
// thread (a warp's 128 B contiguous each; the output rows of one block a head's seq rows apart).
#include "common.cuh"

extern "C" __global__ void turbo_split_bias_transpose(const float* input_data,
                                                      const float* bias_data, int batch_size,
                                                      int seq_len, int head_num, int weight_num,
                                                      int size_per_head, float* output_data) {
    const int bid = blockIdx.x;
    const int per_batch = seq_len * weight_num * head_num;
    const int batch_id = bid / per_batch;
    const int seq_id = bid % per_batch / (weight_num * head_num);
    const int weight_id = bid % (weight_num * head_num) / head_num;
    const int head_id = bid % head_num;
    const long long row = (long long)head_num * size_per_head;  // one weight's row
    const float* bias = bias_data + weight_id * row + (long long)head_id * size_per_head;
    const float* in = input_data + ((long long)batch_id * seq_len + seq_id) * weight_num * row +
                      weight_id * row + (long long)head_id * size_per_head;
    float* out = output_data + (long long)weight_id * batch_size * seq_len * row +
                 (long long)batch_id * seq_len * row +
                 ((long long)head_id * seq_len + seq_id) * size_per_head;
    for (int idx = (int)ga_tid(); idx < size_per_head; idx += (int)ga_nthreads()) {
        out[idx] = in[idx] + bias[idx];
    }
}
