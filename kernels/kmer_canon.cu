// Canonical k-mer encoding of a DNA sequence, as GPU k-mer counters and minimizer-based read
// mappers do before hashing or sorting: for each start position p the K bases seq[p..p+K-1]
// (ASCII, base code (byte >> 1) & 3: A 0, C 1, T 2, G 3, either case; the complement of code b
// is b ^ 2) are packed two bits a base, first base highest, into fwd, their reverse complement
// into rc the same way, and out[p] = min(fwd, rc) (K <= 31: fits a non-negative int64)
// (blind check set 11: kept out of every fit; its sweeps go to fixtures/hopper/blind11/ once
// recorded). One thread per k-mer: K 1 B loads of the thread's window (neighbouring lanes'
// windows overlap: L1 hits), 64-bit shifts and ORs in registers, one contiguous 8 B store.
// No shared memory. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void kmer_canon(const unsigned* __restrict__ seq_words,
                                      long long* __restrict__ out, long long n, int k) {
    const long long p = ga_linear();
    if (p >= n) {
        return;
    }
    const unsigned char* seq = reinterpret_cast<const unsigned char*>(seq_words) + p;
    unsigned long long fwd = 0, rc = 0;
    const int top = 2 * (k - 1);
    for (int i = 0; i < k; ++i) {
        const unsigned long long b = (seq[i] >> 1) & 3u;
        fwd = (fwd << 2) | b;
        rc = (rc >> 2) | ((b ^ 2ull) << top);
    }
    out[p] = (long long)(fwd < rc ? fwd : rc);
}
