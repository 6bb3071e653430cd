// Batched pairwise sequence alignment, GASAL2's local (Smith-Waterman with affine gaps)
// kernel (nahmedraja/GASAL2, gasal_local_kernel computing the score and both end positions:
// one thread per query-target pair, the sequences packed 8 bases a 32-bit word, 4 bits a base)
// (blind check set 44: written after calibration, never fitted on). As in GASAL2: the pair's
// packed words from its offsets (>> 3) and its lengths (words = cdiv(len, 8)); a per-thread
// array global[MAX_QUERY_LEN] of short2 (H, E) per query position (local memory), zeroed; for
// each target word (8 target bases, h, f and p of its 8 rows reset to 0) and each query word,
// a tile of 8 x 8 cells: per query base (from the top nibble) the column's (H, E) loaded,
// then for the 8 target bases the substitution score (match +, mismatch -, -1 where either
// base is N, code 'N' & 15), f = max(h - gap_oe, f - gap_extend), h = max(p + score, f, 0),
// e = max(h_above - gap_oe, e - gap_extend), h = max(h, e), the running maximum and its
// target position (FIND_MAX), p = h_above; the column's (H, E) stored back; the query end
// position taken where the maximum grew. Departures: the scores, __constant__ in GASAL2
// (cudaMemcpyToSymbol), kernel arguments; the result arrays (gasal_res_t's aln_score,
// query_batch_end, target_batch_end) three arguments; uint32_t / int32_t as unsigned / int;
// no register hints; the block any shape, linearized. Written from memory. Integer
// arithmetic: exact. 1-D: the block is linearized, one pair per thread.
#include "common.cuh"

#define MAX_QUERY_LEN 64

#define N_CODE 0x4E
#define N_VALUE (N_CODE & 0xF)

#define DEV_GET_SUB_SCORE_LOCAL(score, rbase, gbase)                          \
    score = (rbase == gbase) ? _cudaMatchScore : -_cudaMismatchScore;         \
    score = ((rbase == N_VALUE) || (gbase == N_VALUE)) ? -1 : score;

#define FIND_MAX(curr, gidx)                      \
    maxXY_y = (maxHH < curr) ? gidx : maxXY_y;    \
    maxHH = (maxHH < curr) ? curr : maxHH;

extern "C" __global__ void gasal2_local(const unsigned* __restrict__ packed_query_batch,
                                        const unsigned* __restrict__ packed_target_batch,
                                        const unsigned* __restrict__ query_batch_lens,
                                        const unsigned* __restrict__ target_batch_lens,
                                        const unsigned* __restrict__ query_batch_offsets,
                                        const unsigned* __restrict__ target_batch_offsets,
                                        int* __restrict__ aln_score,
                                        int* __restrict__ query_batch_end,
                                        int* __restrict__ target_batch_end, const int n_tasks,
                                        const int _cudaMatchScore,
                                        const int _cudaMismatchScore, const int _cudaGapOE,
                                        const int _cudaGapExtend) {
    int i, j, k, m, l;
    int e;
    int maxHH = 0;  // initialize the maximum score to zero
    int maxXY_y = 0;
    int prev_maxHH = 0;
    int maxXY_x = 0;
    int subScore;
    int ridx, gidx;
    short2 HD;
    short2 initHD = make_short2(0, 0);

    const unsigned tid = (unsigned)ga_linear();  // thread ID
    if (tid >= (unsigned)n_tasks) return;

    // starting index of the target_batch sequence
    unsigned packed_target_batch_idx = target_batch_offsets[tid] >> 3;
    // starting index of the query_batch sequence
    unsigned packed_query_batch_idx = query_batch_offsets[tid] >> 3;
    unsigned read_len = query_batch_lens[tid];
    unsigned ref_len = target_batch_lens[tid];
    // number of 32-bit words holding query_batch sequence
    unsigned query_batch_regs = (read_len >> 3) + (read_len & 7 ? 1 : 0);
    // number of 32-bit words holding target_batch sequence
    unsigned target_batch_regs = (ref_len >> 3) + (ref_len & 7 ? 1 : 0);
    //-----arrays for saving intermediate values------
    short2 global[MAX_QUERY_LEN];
    int h[9];
    int f[9];
    int p[9];
    //--------------------------------------------
    for (i = 0; i < MAX_QUERY_LEN; i++) {
        global[i] = initHD;
    }
    for (i = 0; i < target_batch_regs; i++) {  // target_batch sequence in rows
        for (m = 0; m < 9; m++) {
            h[m] = 0;
            f[m] = 0;
            p[m] = 0;
        }
        // load 8 packed bases from target_batch sequence
        unsigned gpac = packed_target_batch[packed_target_batch_idx + i];
        gidx = i << 3;
        ridx = 0;
        for (j = 0; j < query_batch_regs; j += 1) {  // query_batch sequence in columns
            // load 8 bases from query_batch sequence
            unsigned rpac = packed_query_batch[packed_query_batch_idx + j];

            //--------------compute a tile of 8x8 cells-------------------
            for (k = 28; k >= 0; k -= 4) {
                unsigned rbase = (rpac >> k) & 15;  // get a base from query_batch sequence
                //-----load intermediate values--------------
                HD = global[ridx];
                h[0] = HD.x;
                e = HD.y;
                //--------------------------------------------
#pragma unroll 8
                for (l = 28, m = 1; m < 9; l -= 4, m++) {
                    unsigned gbase = (gpac >> l) & 15;  // get a base from target_batch sequence
                    DEV_GET_SUB_SCORE_LOCAL(subScore, rbase, gbase);  // check equality of rbase and gbase
                    // whether to introduce or extend a gap in query_batch sequence
                    f[m] = max(h[m] - _cudaGapOE, f[m] - _cudaGapExtend);
                    h[m] = p[m] + subScore;  // score if rbase is aligned to gbase
                    h[m] = max(h[m], f[m]);
                    h[m] = max(h[m], 0);
                    // whether to introduce or extend a gap in target_batch sequence
                    e = max(h[m - 1] - _cudaGapOE, e - _cudaGapExtend);
                    h[m] = max(h[m], e);
                    // the current maximum score and corresponding end position on
                    // target_batch sequence
                    FIND_MAX(h[m], gidx + (m - 1));
                    p[m] = h[m - 1];
                }
                //----------save intermediate values------------
                HD.x = h[m - 1];
                HD.y = e;
                global[ridx] = HD;
                //---------------------------------------------
                // end position on query_batch sequence corresponding to current maximum score
                maxXY_x = (prev_maxHH < maxHH) ? ridx : maxXY_x;
                prev_maxHH = max(maxHH, prev_maxHH);
                ridx++;
                //-------------------------------------------------------
            }
        }
    }

    aln_score[tid] = maxHH;  // copy the max score to the output array in the GPU mem
    // copy the end position on query_batch sequence to the output array in the GPU mem
    query_batch_end[tid] = maxXY_x;
    // copy the end position on target_batch sequence to the output array in the GPU mem
    target_batch_end[tid] = maxXY_y;
}
