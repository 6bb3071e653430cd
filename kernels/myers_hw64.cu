// Semi-global (infix) edit distance of 64-base queries against target windows by Myers'
// bit-vector algorithm (Myers, JACM 1999), edlib's EDLIB_MODE_HW path for a query of one
// 64-bit word (edlib.cpp: buildPeq, then myersCalcEditDistanceSemiGlobal's column loop of
// calculateBlock with hin = 0, the score of the query's last row kept per column, the best
// score and its first end location), one thread per (query, target) pair: the verification
// step of a read mapper, each read segment checked against its candidate reference window
// (blind check set 24: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind24/ once recorded). Bases are 2-bit codes (A, C, G, T = 0 .. 3), 16 a
// uint32 word, base i of a sequence in bits 2 (i % 16) of its word i / 16: a query is 4
// words, a target of tlen bases cdiv(tlen, 16) words. Peq[s] has bit r set where query base r
// is s (edlib's query profile, one word a symbol: no padding for a 64-base query); the
// column of target base t: Eq = Peq[t], Xv = Eq | Mv, Xh = (((Eq & Pv) + Pv) ^ Pv) | Eq, Ph =
// Mv | ~(Xh | Pv), Mh = Pv & Xh, the last row's score += Ph's top bit - Mh's top bit, Ph <<=
// 1, Mh <<= 1 (hin = 0: the top row is free, the query may start anywhere), Pv = Mh | ~(Xv |
// Ph), Mv = Ph & Xv; starting from Pv = ~0, Mv = 0, score = 64. Out: the least last-row score
// over the target's columns (the edit distance of the best infix alignment) and the first
// column (0-based target position) where it occurs, as edlib's endLocations[0]. The query
// profile lives in dynamic shared memory, four 8 B words a thread (Peq[s] of thread t at slot
// s threads + t: a warp's lanes 8 B apart), as edlib indexes its Peq array by the target
// base: each column one data-dependent 8 B shared load. Per thread: four 4 B query loads and
// cdiv(tlen, 16) 4 B target loads (a warp's lanes 16 B and 4 tlen / 16 B apart: each load
// instruction 32 sectors, the record's other words L1 hits), the profile built in registers
// (64 bases) and stored, then tlen columns of some 17 64-bit logic, shift and add operations
// (some 50 32-bit instructions: the 64-bit ones take two) and a shared load, two 4 B stores:
// compute-bound. Dynamic shared memory: 32 bytes a thread, no barrier (each thread reads only
// its own slots). Integer: exact. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void myers_hw64(const unsigned* __restrict__ query_words,
                                      const unsigned* __restrict__ target_words,
                                      int* __restrict__ score_out, int* __restrict__ end_out,
                                      long long n, int tlen) {
    extern __shared__ unsigned mh_smem[];  // the threads' query profiles, 8 B slots
    unsigned long long* peq = reinterpret_cast<unsigned long long*>(mh_smem);
    const int tid = (int)ga_tid();
    const int threads = (int)ga_nthreads();
    const long long i = ga_linear();
    if (i >= n) {
        return;
    }
    // edlib's buildPeq: bit r of Peq[s] set where query base r is s
    unsigned long long p0 = 0, p1 = 0, p2 = 0, p3 = 0;
    const unsigned* q = query_words + i * 4;
#pragma unroll
    for (int w = 0; w < 4; ++w) {
        const unsigned word = q[w];
#pragma unroll
        for (int b = 0; b < 16; ++b) {
            const unsigned s = (word >> (2 * b)) & 3u;
            const unsigned long long bit = 1ull << (16 * w + b);
            p0 |= s == 0 ? bit : 0ull;
            p1 |= s == 1 ? bit : 0ull;
            p2 |= s == 2 ? bit : 0ull;
            p3 |= s == 3 ? bit : 0ull;
        }
    }
    peq[0 * threads + tid] = p0;
    peq[1 * threads + tid] = p1;
    peq[2 * threads + tid] = p2;
    peq[3 * threads + tid] = p3;
    // myersCalcEditDistanceSemiGlobal, one block, mode HW
    const int twords = (tlen + 15) / 16;
    const unsigned* t = target_words + i * twords;
    unsigned long long pv = ~0ull, mv = 0ull;
    int score = 64;
    int best = -1, end = -1;
    unsigned word = 0;
    for (int c = 0; c < tlen; ++c) {
        if ((c & 15) == 0) {
            word = t[c >> 4];
        }
        const unsigned base = (word >> (2 * (c & 15))) & 3u;
        const unsigned long long eq = peq[base * threads + tid];
        // edlib's calculateBlock with hin = 0
        const unsigned long long xv = eq | mv;
        const unsigned long long xh = (((eq & pv) + pv) ^ pv) | eq;
        unsigned long long ph = mv | ~(xh | pv);
        unsigned long long mh = pv & xh;
        score += (int)(ph >> 63) - (int)(mh >> 63);
        ph <<= 1;
        mh <<= 1;
        pv = mh | ~(xv | ph);
        mv = ph & xv;
        if (best == -1 || score < best) {  // the first column of the best score
            best = score;
            end = c;
        }
    }
    score_out[i] = best;
    end_out[i] = end;
}
