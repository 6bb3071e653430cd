// The write of a step's keys and values into the paged KV cache, vLLM's
// reshape_and_cache_kernel (vllm-project/vllm, csrc/cache_kernels.cu, behind
// reshape_and_cache in the same file: the PagedAttention backend's write_to_paged_cache, once a
// layer a model step, each token's key and value copied into the cache slot its sequence's
// block table gives it before paged_attention_v1/v2 read them) (blind check set 66: written
// after calibration, never fitted on). As in vLLM (the auto KV-cache dtype: no fp8 scaling):
// one block a token, slot = slot_mapping[token] (a negative slot a padding token, skipped),
// block_idx = slot / block_size and block_offset = slot % block_size; its threads walk the
// num_heads head_size elements i in steps of the block's threads, key[token key_stride + i]
// stored at key_cache[block_idx][head][head_offset / x][block_offset][head_offset % x] and
// value[token value_stride + i] at value_cache[block_idx][head][head_offset][block_offset];
// the host's <<<num_tokens, min(num_heads head_size, 512)>>>. Departures: the block the
// sweep's, any shape (linearized: the element loop in steps of the block's threads); float
// key, value and caches (scalar_t = cache_t = float, x = 16 B / 4 B = 4); key and value two
// buffers with the fused QKV projection's row stride (vLLM's key and value are views into
// it); the unused k_scale and v_scale dropped. Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: copies. 1-D: the block is
// linearized, one block a token.
#include "common.cuh"

extern "C" __global__ void vllm_reshape_and_cache(const float* __restrict__ key,
                                                  const float* __restrict__ value,
                                                  float* __restrict__ key_cache,
                                                  float* __restrict__ value_cache,
                                                  const long long* __restrict__ slot_mapping,
                                                  int key_stride, int value_stride,
                                                  int num_heads, int head_size, int block_size,
                                                  int x) {
    const long long token_idx = blockIdx.x;
    const long long slot_idx = slot_mapping[token_idx];
    if (slot_idx < 0) return;  // a padding token

    const long long block_idx = slot_idx / block_size;
    const long long block_offset = slot_idx % block_size;

    const int n = num_heads * head_size;
    for (int i = (int)ga_tid(); i < n; i += (int)ga_nthreads()) {
        const long long src_key_idx = token_idx * key_stride + i;
        const long long src_value_idx = token_idx * value_stride + i;

        const int head_idx = i / head_size;
        const int head_offset = i % head_size;
        const int x_idx = head_offset / x;
        const int x_offset = head_offset % x;

        const long long tgt_key_idx =
            block_idx * num_heads * (head_size / x) * block_size * x +
            (long long)head_idx * (head_size / x) * block_size * x +
            (long long)x_idx * block_size * x + block_offset * x + x_offset;
        const long long tgt_value_idx =
            block_idx * num_heads * head_size * block_size +
            (long long)head_idx * head_size * block_size + (long long)head_offset * block_size +
            block_offset;
        key_cache[tgt_key_idx] = key[src_key_idx];
        value_cache[tgt_value_idx] = value[src_value_idx];
    }
}
