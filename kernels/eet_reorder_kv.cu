// EET's beam-search cache reorder, reorderKV<float> (NetEase-FuXi/EET, csrc/core/transpose.cu,
// launched by reorderKV_kernel in the same file, which EET's masked multi-head attention ops
// (csrc/op/llama_mmha.cpp, baichuan_mmha.cpp) call at each decoding step of a beam search: every
// beam's key and value caches replaced by those of the beam it descends from) (blind check set
// 81: written after calibration, never fitted on). As in EET: bid = blockIdx.x, batch_id = bid /
// (head_num step), seq_id = bid % step and head_id = (bid - batch_id head_num step) / step;
// cache_id = reorder_index[batch_id]; with src = seq_id batch head_num D + cache_id head_num D +
// head_id D + t and dst the same with batch_id, k_cache[dst] = k_buf[src] and v_cache[dst] =
// v_buf[src] for t = threadIdx.x; the host's size_per_head threads on batch head_num step
// blocks. Departures: the block the sweep's, any shape (linearized, the row of size_per_head in
// steps of the block's threads); float (one of the two instantiations); the offsets in 64
// bits. Reimplemented from the published source (its indexing, arithmetic and control flow;
// none of its text). Exact: copies. 1-D: one block a row (a position's head of one beam: 64
// values, 256 B), an 8 B index load a block and a gather of two rows: two 4 B loads and two 4 B
// stores a value (a warp's 128 B contiguous each; blocks over 64 threads leave threads idle).
#include "common.cuh"

extern "C" __global__ void eet_reorder_kv(float* k_cache, float* v_cache, const float* k_buf,
                                          const float* v_buf, const long long* reorder_index,
                                          int size_per_head, int step, int batch, int head_num) {
    const int bid = blockIdx.x;
    const int batch_id = bid / (head_num * step);
    const int seq_id = bid % step;
    const int head_id = (bid - batch_id * head_num * step) / step;
    const long long cache_id = reorder_index[batch_id];
    const long long row = (long long)seq_id * batch * head_num * size_per_head;
    const long long src = row + cache_id * head_num * size_per_head + (long long)head_id * size_per_head;
    const long long dst = row + (long long)batch_id * head_num * size_per_head +
                          (long long)head_id * size_per_head;
    for (int t = (int)ga_tid(); t < size_per_head; t += (int)ga_nthreads()) {
        k_cache[dst + t] = k_buf[src + t];
        v_cache[dst + t] = v_buf[src + t];
    }
}
