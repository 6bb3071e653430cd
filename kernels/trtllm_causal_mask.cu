// The causal attention mask of a padded batch, TensorRT-LLM's prepareAttentionMask for
// AttentionMaskType::CAUSAL (NVIDIA/TensorRT-LLM, cpp/tensorrt_llm/kernels/attentionMask.cu,
// behind invokeBuildAttentionMask in the same file: the mask the context phase builds for
// attention kernels that take an explicit mask, here the int instantiation with the paddings
// kept) (blind check set 70: written after calibration, never fitted on). As in TensorRT-LLM:
// the batch from blockIdx.y, the sequence offset batch maxQSeqLen (paddings kept: no
// cuQSeqLens), the rows from blockIdx.x looping in steps of the grid's x, the columns from
// threadIdx.x looping in steps of blockDim.x below maxKvSeqLen, valid = row < qSeqLen and col
// < kvSeqLen and col <= row, mask[offset maxKvSeqLen + row maxKvSeqLen + col] = valid; the
// host's 256 threads on min(1024, maxQSeqLen) x batchSize blocks. Departures: the block the
// sweep's, any shape (x loops over the columns, y*z the row inside the block, z folded in:
// the grid's x a block of rows, min(1024, cdiv(maxQSeqLen,
// rows a block)) of them, the manifest's ROWCAP 1024). Reimplemented
// from the published source (its indexing, arithmetic and control flow; none of its text).
// Exact: 0s and 1s. 2-D: x loops over the key columns, y*z -> query row.
#include "common.cuh"

extern "C" __global__ void trtllm_causal_mask(int* __restrict__ mask,
                                              const int* __restrict__ q_lens,
                                              const int* __restrict__ kv_lens, int max_q,
                                              int max_kv) {
    const int batch = blockIdx.y;
    const long long q_offset = (long long)batch * max_q;
    const int q_len = q_lens[batch];
    const int kv_len = kv_lens[batch];
    const long long mask_offset = q_offset * max_kv;
    for (int row = blockIdx.x * ga_block_rows() + ga_row_in_block(); row < max_q;
         row += gridDim.x * ga_block_rows()) {
        for (int col = threadIdx.x; col < max_kv; col += blockDim.x) {
            const long long local = (long long)row * max_kv + col;
            const bool valid = row < q_len && col < kv_len && col <= row;
            mask[mask_offset + local] = valid ? 1 : 0;
        }
    }
}
