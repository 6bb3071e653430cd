// SGLang's InfLLM-V2 variable-length max pooling, max_pooling_1d_varlen_kernel<float>
// (sgl-project/sglang, sgl-kernel/csrc/infllm_v2/max_pooling.cu, launched by
// infllm_v2_max_pooling_1d_varlen in the same file (sgl_kernel's op of that name): InfLLM-V2's
// sparse attention pools each query's scores over the compressed key blocks into block scores,
// forcing the initial and local blocks (+inf) so that the top-k block selection keeps them)
// (blind check set 82: written after calibration, never fitted on). As in SGLang: bidh =
// blockIdx.y the head and bidq_global = blockIdx.x the query over the packed batch, the query's
// sequence b found by a scan of cu_seqlens_q (its q and k starts and ends from cu_seqlens_q and
// cu_seqlens_k), a return where it lies past its sequence, its row of scores at bidh total_q
// max_seqlen_k + bidq max_seqlen_k and of outputs at bidh total_q out_len + bidq out_len,
// off_bq = (local query + cache_lens[b]) / block_size; for k from threadIdx.x in steps of
// blockDim.x below out_len: +inf where k < init_blocks or off_bq lies in [k, k + local_blocks],
// else the maximum of the scores from max(k stride - padding, 0) to min(k stride - padding +
// kernel_size, seqlen_k) (-inf when that is empty); the host's 256 threads on total_q x heads
// blocks. Departures: the block the sweep's, any shape (linearized: k in steps of all the
// block's threads); float (one of its instantiations, the max taken in float as the source
// does). Reimplemented from the published source (its indexing, arithmetic and control flow;
// none of its text). Exact: maxima and infinities. 1-D: one block a (query, head) row of 128
// outputs (512 B), each thread 5 score loads (4 B, a warp's windows 16 B apart) and a 4 B store.
#include "common.cuh"

extern "C" __global__ void sglang_max_pooling(const float* input, float* output,
                                              const int* cu_seqlens_q, const int* cu_seqlens_k,
                                              const int* cache_lens, int batch_size,
                                              int num_heads, int max_seqlen_k, int out_len,
                                              int kernel_size, int stride, int padding,
                                              int block_size, int local_blocks,
                                              int init_blocks) {
    const int bidh = blockIdx.y;
    const int bidq_global = blockIdx.x;
    int batch_idx = 0;
    int q_start = 0, q_end = 0, k_start = 0, k_end = 0;
    for (int b = 0; b < batch_size; b++) {
        q_start = cu_seqlens_q[b];
        q_end = cu_seqlens_q[b + 1];
        k_start = cu_seqlens_k[b];
        k_end = cu_seqlens_k[b + 1];
        if (bidq_global >= q_start && bidq_global < q_end) {
            batch_idx = b;
            break;
        }
    }
    const int bidq_local = bidq_global - q_start;
    const int seqlen_q = q_end - q_start;
    const int seqlen_k = k_end - k_start;
    if (bidq_local >= seqlen_q) return;
    const long long total_q = cu_seqlens_q[batch_size];
    const float* in = input + (long long)bidh * total_q * max_seqlen_k +
                      (long long)bidq_global * max_seqlen_k;
    float* out = output + (long long)bidh * total_q * out_len + (long long)bidq_global * out_len;
    const int off_bq = (bidq_local + cache_lens[batch_idx]) / block_size;
    const int nthreads = (int)ga_nthreads();
    for (int k = (int)ga_tid(); k < out_len; k += nthreads) {
        const bool forced = (k < init_blocks) || (off_bq >= k && off_bq <= k + local_blocks);
        if (forced) {
            out[k] = INFINITY;
        } else {
            int start = k * stride - padding;
            int end = start + kernel_size;
            start = max(start, 0);
            end = min(end, seqlen_k);
            float best = -INFINITY;
            for (int i = start; i < end; i++) {
                const float v = in[i];
                if (v > best) best = v;
            }
            out[k] = best;
        }
    }
    (void)num_heads;
}
