// QuadTree Attention's ScoreData<float> (Tangshitao/QuadTreeAttention,
// QuadTreeAttention/QuadtreeAttention/src/score_computation_kernal.cu, launched by
// ScoreData_ongpu in the same file behind the score_computation_cuda op of
// QuadtreeAttention/functions/quadtree_attention.py: the attention logits of a quadtree level,
// each of a coarse query token's four children scored against the K = 4 top-k candidate key
// tokens its parent selected, one dot product over the head's channels a candidate and head, in
// the QuadTree Transformer's and QuadTree LoFTR's attention) (blind check set 97: written after
// calibration, never fitted on). As in QuadTree Attention: one block a (b, n1, f) query child
// (the grid's x, y, z); its threads stage the child's H x D query in shared memory (strided by
// the block's threads), a barrier, then stride over the K candidates: for each head h, idx =
// index[b][n1][k][h] and score = the sum over d of query[h][d] key[b][idx][h][d], accumulated
// in the thread's slot ch_off H + h of a shared score array, d in order, then stored to
// output[b][n1][f][k][h]; the host's THREADS_PER_WARP = 32 threads on B x N1 x 4 blocks with H D
// floats of dynamic shared memory. Departures: the block the sweep's, any shape (linearized: the
// staging and the candidates strided by the block's threads, the source's fixed 32); the score
// array (static, 32 x MAX_H = 8 slots in the source) sized from the block in the dynamic
// allocation, threads H floats each; float only; 64-bit offsets. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// whole-number queries and keys, sums far below 2^24. 1-D, shared memory, a per-block work
// split: each thread H D / threads 4 B query loads (a warp's 128 B contiguous), a barrier, then
// per candidate and head an 8 B index load (a warp's lanes H 8 B apart) and D 4 B key loads
// (each lane walking its own 128 B key row: a gather), a 4 B store (a warp's lanes H 4 B apart).
#include "common.cuh"

extern "C" __global__ void qta_score_data(const float* query, const float* key,
                                          const long long* index, float* output, int N1,
                                          int N2, int H, int D, int K) {
    extern __shared__ float qta_smem[];  // [H D] query, then [threads H] scores
    float* feat1_data = qta_smem;
    float* score = qta_smem + H * D;
    const int b = blockIdx.x;
    const int n1 = blockIdx.y;
    const int f = blockIdx.z;
    const int ch_off = ga_tid();
    const int nthreads = ga_nthreads();
    const int HD = H * D;
    const long long query_row = ((long long)b * N1 + n1) * 4 + f;
    for (int ch = ch_off; ch < HD; ch += nthreads) {
        feat1_data[ch] = query[query_row * HD + (ch / D) * D + ch % D];
    }
    __syncthreads();
    for (int k = ch_off; k < K; k += nthreads) {
        for (int h = 0; h < H; h++) {
            const int score_idx = ch_off * H + h;
            score[score_idx] = 0;
            const long long idx = index[(((long long)b * N1 + n1) * K + k) * H + h];
            const float* key_row = key + (((long long)b * N2 + idx) * H + h) * D;
            for (int d = 0; d < D; d++) {
                score[score_idx] += feat1_data[h * D + d] * key_row[d];
            }
            output[(query_row * K + k) * H + h] = score[score_idx];
        }
    }
}
