// LMCache's load_and_reshape_flash_kernel<int64_t> (LMCache/LMCache, csrc/mem_kernels.cu,
// launched by load_and_reshape_flash in the same file: LMCache's store path for vLLM's
// flash-attention KV layout, one layer's paged key and value cache entries of a sequence's
// tokens gathered through vLLM's slot mapping into LMCache's contiguous [2, layers, tokens,
// heads x head size] buffer, moved as 64-bit words) (blind check set 99: written after
// calibration, never fitted on). As in LMCache: token_idx = blockIdx.x, slot_idx =
// slot_mapping[token_idx], the block leaving where it is negative (a padding token);
// block_idx = slot_idx / block_size, block_offset = slot_idx % block_size; the block's threads
// stride over the n = num_heads head_size_in_64bit words of the token: (head_idx, head_offset)
// from i, the source word block_idx block_stride + block_offset num_heads head_size + head_idx
// head_size + head_offset of key_cache and value_cache copied to key_value at key_layer_offset
// (value_layer_offset) + token_idx key_value_stride + i; the host's min(n, 128) threads on
// num_tokens blocks. Departures: the block any shape (linearized, the loop striding by the
// block's threads). Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: copies. 1-D, no shared memory, one block a token: a
// broadcast 8 B slot load, then per word two 8 B loads from the slot's rows of the paged caches
// (a warp's 256 B contiguous, slots scattered) and two 8 B stores (a warp's 256 B contiguous).
#include "common.cuh"

extern "C" __global__ void lmcache_load_reshape_flash(
    long long* key_value, const long long* key_cache, const long long* value_cache,
    const long long* slot_mapping, int block_stride_in_64bit, int key_value_stride,
    int num_heads, int head_size_in_64bit, int block_size, int key_layer_offset,
    int value_layer_offset) {
    const long long token_idx = blockIdx.x;
    const long long slot_idx = slot_mapping[token_idx];
    if (slot_idx < 0) return;
    const long long block_idx = slot_idx / block_size;
    const long long block_offset = slot_idx % block_size;
    const int n = num_heads * head_size_in_64bit;
    const int nthreads = ga_nthreads();
    for (int i = ga_tid(); i < n; i += nthreads) {
        const long long tgt_key_idx = key_layer_offset + token_idx * key_value_stride + i;
        const long long tgt_value_idx = value_layer_offset + token_idx * key_value_stride + i;
        const int head_idx = i / head_size_in_64bit;
        const int head_offset = i % head_size_in_64bit;
        const long long src = block_idx * block_stride_in_64bit +
                              block_offset * num_heads * head_size_in_64bit +
                              (long long)head_idx * head_size_in_64bit + head_offset;
        const long long key = key_cache[src];
        const long long value = value_cache[src];
        key_value[tgt_key_idx] = key;
        key_value[tgt_value_idx] = value;
    }
}
