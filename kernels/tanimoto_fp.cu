// Tanimoto similarity of 1024-bit molecular fingerprints, every query against every database
// entry (blind check set 8: kept out of every fit; its sweeps go to fixtures/hopper/blind8/
// once recorded), the core of GPU chemical similarity search: out[q][d] = |Q & D| / |Q | D|,
// the bit counts taken with __popc over the 32 words of each fingerprint. Each thread loops
// over the 32 words of its query (the same address for every thread of a block row:
// broadcast) and of its database entry (128 B records: a warp's load of word w touches 32
// sectors 128 B apart, and its later words hit the lines the first brought into L1), then
// stores one float (contiguous along x). Counts are integers up to 1024 and the one division
// is correctly rounded, so the results are exact. x -> database entry (column), y*z -> query
// (row).
#include "common.cuh"

#define GA_FP_WORDS 32

extern "C" __global__ void tanimoto_fp(const unsigned* __restrict__ queries,
                                       const unsigned* __restrict__ database,
                                       float* __restrict__ out, int rows, int cols) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    const unsigned* q = queries + (size_t)r * GA_FP_WORDS;
    const unsigned* d = database + (size_t)c * GA_FP_WORDS;
    int common = 0;
    int either = 0;
#pragma unroll
    for (int w = 0; w < GA_FP_WORDS; ++w) {
        const unsigned a = q[w];
        const unsigned b = d[w];
        common += __popc(a & b);
        either += __popc(a | b);
    }
    out[(size_t)r * cols + c] = either > 0 ? (float)common / (float)either : 0.0f;
}
