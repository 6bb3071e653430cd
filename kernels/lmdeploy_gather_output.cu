// LMDeploy's TurboMind output-id gather, gatherOutput (InternLM/lmdeploy,
// src/turbomind/models/llama/llama_kernels.cu, launched by invokeGatherOutput in the same file:
// at the end of a generation the step-major token ids of the whole batch, context padded to the
// longest prompt, compacted into each request's row of output ids) (blind check set 83:
// written after calibration, never fitted on). As in LMDeploy: batch_id = blockIdx.x,
// context_len = context_length[batch_id], the row output_ids + batch_id max_output_len; for
// src_idx from threadIdx.x in steps of blockDim.x below max_gen_step: skipped where
// context_len <= src_idx < max_context_len (the prompt's padding), else dst_idx = src_idx
// below context_len and src_idx - (max_context_len - context_len) after, output[dst_idx] =
// ids[src_idx batch_size + batch_id]; the host's 512 threads on batch_size blocks.
// Departures: the block the sweep's, any shape (linearized: src_idx in steps of all the
// block's threads); the row offsets in 64 bits. Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: copies of int32 ids. 1-D:
// one block a request's row, the block looping over the steps: a thread's 4 B loads a step
// apart (batch_size x 4 B, 1 KiB: a warp's 32 loads 32 KiB), a warp's 4 B stores 128 B
// contiguous, shifted past the padding.
#include "common.cuh"

extern "C" __global__ void lmdeploy_gather_output(int* output_ids, const int* ids,
                                                  const int* context_length, int max_context_len,
                                                  int max_gen_step, int max_output_len,
                                                  int batch_size) {
    const int batch_id = blockIdx.x;
    const int context_len = context_length[batch_id];
    int* row = output_ids + (long long)batch_id * max_output_len;
    const int nthreads = (int)ga_nthreads();
    for (int src_idx = (int)ga_tid(); src_idx < max_gen_step; src_idx += nthreads) {
        if (context_len <= src_idx && src_idx < max_context_len) continue;
        const int dst_idx =
            src_idx < context_len ? src_idx : src_idx - (max_context_len - context_len);
        row[dst_idx] = ids[(long long)src_idx * batch_size + batch_id];
    }
}
