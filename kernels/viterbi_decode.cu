// Viterbi decoding of a linear-chain CRF tagger's batch (pytorch-crf's and AllenNLP's
// viterbi_decode: emission scores from the network, a tag-transition matrix, start and end
// scores, sequences of different lengths), one block per sequence on a fixed grid, the tags'
// scores of the last step shared through shared memory for any block size (blind check set
// 21: written after calibration, never fitted on; its sweeps go to fixtures/hopper/blind21/
// once recorded). Sequence b has lengths[b] >= 1 steps of emissions[b][t][s] (float32, steps x
// states a sequence, padded to `steps`); trans[p][s] scores tag p followed by tag s,
// start_trans[s] a first tag s and end_trans[s] a last one. The forward pass keeps delta[s],
// the best score of a path ending in tag s: delta_0[s] = start_trans[s] + emissions[b][0][s],
// then for t = 1 .. length - 1 delta_t[s] = max over p of (delta_{t-1}[p] + trans[p][s]) +
// emissions[b][t][s] and the backpointer bp[b][t][s] = the first p reaching the max (the
// smallest on a tie), one byte (states <= 256; the bytes travel in 32-bit words). Thread 0
// then takes the first s maximizing delta[s] + end_trans[s] (its score to best_score[b]) and
// walks the backpointers from the last step to the first into tags[b][t] (the steps past the
// length keep their initial value, -1, and their backpointers theirs). The block's threads
// take the states in turn (s = tid, tid + threads, ...; threads beyond `states` idle); two
// rows of scores in dynamic shared memory, one read and one written a step, one barrier a
// step. Per thread and step: per state it owns, a loop over the states (a broadcast 4 B
// shared load and a 4 B load of the transition matrix's row, a warp's lanes 128 contiguous
// bytes of it, L1 hits; an add, a compare and two selects), a 4 B emission load, a 4 B shared
// store and a 1 B store of the backpointer; then thread 0's serial argmax and its walk back
// (1 B loads at data-dependent places, one 4 B store a step). Scores compared and added,
// never rounded: exact for the test data's integer scores. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void viterbi_decode(const float* __restrict__ emissions,
                                          const float* __restrict__ trans,
                                          const float* __restrict__ start_trans,
                                          const float* __restrict__ end_trans,
                                          const int* __restrict__ lengths,
                                          unsigned* __restrict__ bp_words, int* __restrict__ tags,
                                          float* __restrict__ best_score, int seqs, int steps,
                                          int states) {
    extern __shared__ float viterbi_delta[];  // two rows of `states` scores
    const int b = blockIdx.x;
    if (b >= seqs) {
        return;  // the whole block leaves together
    }
    const int tid = (int)ga_tid();
    const int threads = (int)ga_nthreads();
    const int length = lengths[b];
    const float* em = emissions + (long long)b * steps * states;
    unsigned char* bp = reinterpret_cast<unsigned char*>(bp_words) + (long long)b * steps * states;
    for (int s = tid; s < states; s += threads) {
        viterbi_delta[s] = start_trans[s] + em[s];
    }
    __syncthreads();
    for (int t = 1; t < length; ++t) {
        const float* prev = viterbi_delta + ((t - 1) & 1) * states;
        float* next = viterbi_delta + (t & 1) * states;
        for (int s = tid; s < states; s += threads) {
            float best = prev[0] + trans[s];
            int arg = 0;
            for (int p = 1; p < states; ++p) {
                const float score = prev[p] + trans[p * states + s];
                if (score > best) {
                    best = score;
                    arg = p;
                }
            }
            next[s] = best + em[(long long)t * states + s];
            bp[(long long)t * states + s] = (unsigned char)arg;
        }
        __syncthreads();  // the step's row is complete before the next step reads it
    }
    if (tid == 0) {
        const float* last = viterbi_delta + ((length - 1) & 1) * states;
        float best = last[0] + end_trans[0];
        int arg = 0;
        for (int s = 1; s < states; ++s) {
            const float score = last[s] + end_trans[s];
            if (score > best) {
                best = score;
                arg = s;
            }
        }
        best_score[b] = best;
        int* out = tags + (long long)b * steps;
        out[length - 1] = arg;
        for (int t = length - 1; t > 0; --t) {
            arg = bp[(long long)t * states + arg];
            out[t - 1] = arg;
        }
    }
}
