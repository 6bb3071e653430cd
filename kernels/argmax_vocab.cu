// Greedy decoding of a language model's output: the argmax over the vocabulary of every
// token's logits (torch.argmax(logits, dim=-1) as greedy generation and next-token accuracy
// take it, the first index of the largest value on a tie), with the largest logit itself,
// one block per token row on a fixed grid (blind check set 19: written after calibration,
// never fitted on; its sweeps go to fixtures/hopper/blind19/ once recorded). Row t of the
// float32 logits (tokens x vocab, row-major): the block's threads walk the row a block's
// width apart keeping their first largest value and its column, then reduce the (value,
// column) pairs by a shared-memory tree for any block size (a barrier a step, the largest
// power of two below the block size first; the larger value wins, the smaller column on
// equal values, a thread that saw no column loses), and thread 0 stores the column (int32)
// and the value. Dynamic shared memory: 8 bytes a thread (the values, then the columns).
// Every thread reaches every barrier. Finite logits (no NaN rule). Exact: comparisons only.
// 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void argmax_vocab(const float* __restrict__ logits,
                                        int* __restrict__ token, float* __restrict__ best_logit,
                                        int tokens, int vocab) {
    extern __shared__ float am_smem[];
    const int t = blockIdx.x;
    if (t >= tokens) {
        return;  // the whole block leaves together
    }
    const int tid = (int)ga_tid();
    const int threads = (int)ga_nthreads();
    float* vals = am_smem;
    int* cols = reinterpret_cast<int*>(am_smem + threads);
    const float* row = logits + (long long)t * vocab;
    float best = 0.0f;
    int arg = -1;  // no column seen
    for (int k = tid; k < vocab; k += threads) {
        const float v = row[k];
        if (arg < 0 || v > best) {  // columns rise: the first largest stays
            best = v;
            arg = k;
        }
    }
    vals[tid] = best;
    cols[tid] = arg;
    __syncthreads();
    int step = 1;  // the largest power of two below the block size (0 for one thread)
    while (step < threads) {
        step <<= 1;
    }
    for (step >>= 1; step > 0; step >>= 1) {
        if (tid < step && tid + step < threads) {
            const float v = vals[tid + step];
            const int k = cols[tid + step];
            const int mine = cols[tid];
            if (k >= 0 && (mine < 0 || v > vals[tid] || (v == vals[tid] && k < mine))) {
                vals[tid] = v;
                cols[tid] = k;
            }
        }
        __syncthreads();
    }
    if (tid == 0) {
        token[t] = cols[0];
        best_logit[t] = vals[0];
    }
}
