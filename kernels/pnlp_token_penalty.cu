// PaddleNLP's repetition, frequency and presence penalties, update_value_by_repeat_times<float>
// (PaddlePaddle/PaddleNLP, csrc/generation/token_penalty_multi_scores.cu, launched by
// token_penalty_multi_scores_kernel behind the custom op get_token_penalty_multi_scores in the same
// file: every decoding step of PaddleNLP's LLM inference applying the sampling penalties to each
// sequence's next-token logits, from the counts of the tokens it has generated (update_repeat_times
// in the same file)) (blind check set 76: written after calibration, never fitted on). As in
// PaddleNLP: one block a sequence (bi = blockIdx.x), its logits and counts bi length on, alpha =
// penalty_scores[bi], beta = frequency_score[bi], gamma = presence_score[bi], i from threadIdx.x in
// steps of blockDim.x below length: times = repeat_times[i], nothing when 0, else logit =
// logits[i], logit alpha when negative and logit / alpha otherwise, logits[i] = logit - times beta
// - gamma; the host's min((length + 31) / 32 32, 512) threads on bs blocks. Departures: the block
// the sweep's, any shape (linearized: the vocabulary in steps of all the block's threads); float32
// logits (the FLOAT32 instantiation of the source's three). Reimplemented from the published source
// (its indexing, arithmetic and control flow; none of its text). Exact: whole-number logits,
// counts, frequency and presence scores and penalties 1 or 2 (dyadic divisions; every product and
// difference a small multiple of 1/2, contracted or not). 1-D: one block a sequence, the threads
// looping over its vocabulary: a 4 B count load, and for the counted tokens a 4 B logit load and
// store.
#include "common.cuh"

extern "C" __global__ void pnlp_token_penalty(const int* repeat_times,
                                              const float* penalty_scores,
                                              const float* frequency_score,
                                              const float* presence_score, float* logits,
                                              long long bs, long long length) {
    const int bi = blockIdx.x;
    const int tid = (int)ga_tid();
    const int nthreads = (int)ga_nthreads();
    float* logits_now = logits + bi * length;
    const int* repeat_times_now = repeat_times + bi * length;
    const float alpha = penalty_scores[bi];
    const float beta = frequency_score[bi];
    const float gamma = presence_score[bi];
    for (int i = tid; i < length; i += nthreads) {
        const int times = repeat_times_now[i];
        if (times == 0) continue;
        float logit_now = logits_now[i];
        logit_now = logit_now < 0 ? logit_now * alpha : logit_now / alpha;
        logits_now[i] = logit_now - times * beta - gamma;
    }
}
