// The [batch, seq, heads, head_dim] to [batch, heads, seq, head_dim] permutation of an
// attention tensor in float4s, DeepSpeed's transform_0213<float> (microsoft/DeepSpeed,
// csrc/transformer/transform_kernels.cu, behind launch_transform_0213<float> in
// BertTransformerLayer<float>::Backward, csrc/transformer/ds_transformer_cuda.cpp: the
// attention output's gradient split into heads for the context GEMMs of DeepSpeed's fused
// BERT transformer kernels) (blind check set 50: written after calibration, never fitted on).
// As in DeepSpeed: hidden_dim counted in float4s (the launcher's hidden_dim >>= 2), d0_stride
// = hidden_dim seq_length, d1_stride = hidden_dim, d2_stride = hidden_dim / heads, the output's
// d0_out_stride = d0_stride, d1_out_stride = d2_stride, d2_out_stride = d2_stride seq_length;
// d1 = blockIdx.y / head_ext the token, d2 = threadIdx.y + (blockIdx.y % head_ext) (heads /
// head_ext) the head, d3 = threadIdx.x the float4 of the head, one float4 load at d0 d0_stride
// + d1 d1_stride + d2 d2_stride + d3 and one float4 store at d0 d0_out_stride + d1
// d1_out_stride + d2 d2_out_stride + d3; the host's block (hidden_dim / heads, heads /
// head_ext) with head_ext = (hidden_dim - 1) / MAX_THREADS + 1 on (batch, seq_length head_ext)
// blocks. Departures: the block the sweep's, any shape: x the float4 of the head from
// threadIdx.x + blockIdx.x blockDim.x (DeepSpeed's block is exactly a head wide), the heads
// split over the block's rows by*bz (z folded into them) with head_ext = cdiv(heads, by*bz)
// computed in the kernel from the block (DeepSpeed's heads / head_ext rows a block), a thread
// past the heads or the head's float4s returning (DeepSpeed's block tiles them exactly); the
// batch the grid's z (DeepSpeed's blockIdx.x): the grid cdiv(hidden_dim / heads, bx) x
// seq_length cdiv(heads, by*bz) x batch. Written from memory. Exact (a copy). x -> float4 of a
// head, y*z -> head, the grid's y the token and its head chunk, the grid's z the batch.
#include "common.cuh"

extern "C" __global__ void ds_transform_0213(float* output, const float* vals, int hidden_dim,
                                             int seq_length, int heads) {
    int head_ext = (heads - 1) / ga_block_rows() + 1;  // the launcher's split, from the block

    int d0_stride = hidden_dim * seq_length;
    int d1_stride = hidden_dim;
    int d2_stride = hidden_dim / heads;

    int d0_out_stride = d0_stride;
    int d1_out_stride = d2_stride;
    int d2_out_stride = d2_stride * seq_length;

    int d0 = blockIdx.z;                                                     // Batch
    int d1 = blockIdx.y / head_ext;                                          // Sequence ID
    int d2 = ga_row_in_block() + (blockIdx.y % head_ext) * ga_block_rows();  // Head
    int d3 = threadIdx.x + blockIdx.x * blockDim.x;                          // Values (groups of 4)
    if (d2 >= heads || d3 >= d2_stride) return;

    const float4* vals_vec = reinterpret_cast<const float4*>(vals);
    float4* output_vec = reinterpret_cast<float4*>(output);

    float4 inputs = vals_vec[d0 * d0_stride + d1 * d1_stride + d2 * d2_stride + d3];
    output_vec[d0 * d0_out_stride + d1 * d1_out_stride + d2 * d2_out_stride + d3] = inputs;
}
