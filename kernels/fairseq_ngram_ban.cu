// The n-gram repeat blocking of a beam search, fairseq's banRepeatedTokens
// (facebookresearch/fairseq, fairseq/clib/cuda/ngram_repeat_block_cuda_kernel.cu, behind
// NGramRepeatBlock with no_repeat_ngram_size: every decoding step of fairseq's sequence
// generator, each hypothesis's log-probabilities of the tokens that would repeat an n-gram set
// to -inf) (blind check set 53: written after calibration, never fitted on). As in fairseq: one
// block a hypothesis (row = blockIdx.x), the row's tokens so far (tokens[row][0 .. step]) staged
// in shared memory, a barrier, then each candidate start col in [0, step - n + 2) compares its
// (n - 1)-gram tokens_shm[col ..] with the final one tokens_shm[check_start_pos ..]
// (check_start_pos = step - n + 2) and, where all n - 1 match, sets
// lprobs[row vocab_size + tokens_shm[col + n - 1]] = -INFINITY; the host's step - n + 2
// threads a block (one a candidate, the last also loading the n - 1 tokens past the others),
// (step + 1) longs of shared memory. Departures: the block the sweep's, any shape
// (linearized): the row's step + 1 tokens staged by a loop over the block's threads, and each
// thread the candidates col = tid, tid + threads, ... (fairseq's block is exactly one thread a
// candidate, check_start_pos its blockDim.x); step an argument (fairseq's the block's size);
// long long for long. Written from memory. Exact (compares and a store of -inf). 1-D: the
// block is linearized, one block a hypothesis.
#include "common.cuh"

typedef long long fs_long;  // fairseq's long (8 bytes)

extern "C" __global__ void fairseq_ngram_ban(const long long* __restrict__ tokens,
                                             float* __restrict__ lprobs, int max_predict_len,
                                             int vocab_size, int no_repeat_ngram_size,
                                             int step) {
    const int row = blockIdx.x;
    const int tid = ga_tid();
    const int nthreads = ga_nthreads();
    const int candidates = step - no_repeat_ngram_size + 2;
    // Each candidate compares the ngram starting from its index with the final ngram
    // starting from step - no_repeat_ngram_size + 2
    const int check_start_pos = candidates;
    const long long lprob_start = (long long)row * vocab_size;
    extern __shared__ fs_long tokens_shm[];
    for (int col = tid; col <= step; col += nthreads) {
        tokens_shm[col] = tokens[row * max_predict_len + col];
    }
    __syncthreads();
    for (int col = tid; col < candidates; col += nthreads) {
        bool is_banned = true;
        for (int k = 0; k < no_repeat_ngram_size - 1; k++) {
            if (tokens_shm[col + k] != tokens_shm[check_start_pos + k]) {
                is_banned = false;
            }
        }
        if (is_banned == true) {
            const long long token_to_be_banned = tokens_shm[col + no_repeat_ngram_size - 1];
            lprobs[lprob_start + token_to_be_banned] = -INFINITY;
        }
    }
}
