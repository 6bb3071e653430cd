// Smith-Waterman local alignment scores with affine gaps (Gotoh) of DNA read / reference
// window pairs, as short-read aligners extend their seeds on the GPU: for pair p, score[p] =
// the best local alignment score of read p (Q bases) against window p (T bases), match
// +MATCH, mismatch -MISMATCH, a gap of k bases costing OPEN + k * EXTEND (blind check set 10:
// kept out of every fit; its sweeps go to fixtures/hopper/blind10/ once recorded). One block
// per pair whatever its size (intra-task parallelism): the block stages the read and the
// window (ASCII bytes packed in uint32 words, coded (byte >> 1) & 3: A 0, C 1, T 2, G 3, as
// k-mer and alignment tools code nucleotides) in shared memory, then sweeps the
// Q + T - 1 anti-diagonals of the DP matrix, thread t computing the cells of read rows t + 1,
// t + 1 + threads, ... on each diagonal from the previous two diagonals' H and the previous
// one's E and F (kept per read row in shared memory, H triple-buffered, E and F double), with
// one barrier per diagonal; the threads' best scores meet in a shared-memory atomicMax. Every
// thread reaches every barrier. Integer scores: exact. Dynamic shared memory: 28 * (Q + 1) + 4
// bytes plus the two sequences rounded up to words. 1-D: the block is linearized.
#include "common.cuh"

#define SW_NEG (-(1 << 28))

extern "C" __global__ void sw_align(const unsigned* __restrict__ reads,
                                    const unsigned* __restrict__ windows,
                                    int* __restrict__ scores, int pairs, int qlen, int tlen,
                                    int match, int mismatch, int gap_open, int gap_extend) {
    extern __shared__ int sw_smem[];
    const int pair = blockIdx.x;
    if (pair >= pairs) {
        return;  // the whole block leaves together
    }
    const unsigned tid = ga_tid();
    const unsigned threads = ga_nthreads();
    const int rows = qlen + 1;
    int* h = sw_smem;          // 3 x rows: H on diagonals d % 3
    int* e = h + 3 * rows;     // 2 x rows: E on diagonals d % 2
    int* f = e + 2 * rows;     // 2 x rows: F on diagonals d % 2
    int* best = f + 2 * rows;  // the block's best score
    unsigned char* read = reinterpret_cast<unsigned char*>(best + 1);
    unsigned char* window = read + 4 * ((qlen + 3) / 4);
    const unsigned char* read_bytes =
        reinterpret_cast<const unsigned char*>(reads) + (long long)pair * qlen;
    const unsigned char* window_bytes =
        reinterpret_cast<const unsigned char*>(windows) + (long long)pair * tlen;
    for (int i = tid; i < qlen; i += threads) {
        read[i] = (read_bytes[i] >> 1) & 3;  // A C T G -> 0 1 2 3
    }
    for (int j = tid; j < tlen; j += threads) {
        window[j] = (window_bytes[j] >> 1) & 3;
    }
    for (int i = tid; i < rows; i += threads) {
        h[i] = h[rows + i] = h[2 * rows + i] = 0;
        e[i] = e[rows + i] = SW_NEG;
        f[i] = f[rows + i] = SW_NEG;
    }
    if (tid == 0) {
        *best = 0;
    }
    __syncthreads();
    const int open_extend = gap_open + gap_extend;
    int mine = 0;
    // Cell (i, j), 1-based, lies on diagonal d = i + j; row 0 and column 0 are the zero border.
    for (int d = 2; d <= qlen + tlen; ++d) {
        const int* h2 = h + ((d + 1) % 3) * rows;  // diagonal d - 2
        const int* h1 = h + ((d + 2) % 3) * rows;  // diagonal d - 1
        int* hn = h + (d % 3) * rows;
        const int* e1 = e + ((d + 1) % 2) * rows;
        const int* f1 = f + ((d + 1) % 2) * rows;
        int* en = e + (d % 2) * rows;
        int* fn = f + (d % 2) * rows;
        for (int i = 1 + tid; i <= qlen; i += threads) {
            const int j = d - i;
            if (j >= 1 && j <= tlen) {
                const int ev = max(e1[i] - gap_extend, h1[i] - open_extend);
                const int fv = max(f1[i - 1] - gap_extend, h1[i - 1] - open_extend);
                const int s = read[i - 1] == window[j - 1] ? match : -mismatch;
                const int hv = max(max(0, h2[i - 1] + s), max(ev, fv));
                mine = max(mine, hv);
                hn[i] = hv;
                en[i] = ev;
                fn[i] = fv;
            } else if (j < 1) {  // column 0
                hn[i] = 0;
                en[i] = SW_NEG;
                fn[i] = SW_NEG;
            }
        }
        __syncthreads();
    }
    atomicMax(best, mine);
    __syncthreads();
    if (tid == 0) {
        scores[pair] = *best;
    }
}
