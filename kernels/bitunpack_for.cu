// Decoding of a bit-packed integer column with frame-of-reference, as a GPU database scan
// (Parquet / ORC / Arrow bit-packed runs) decodes a column before filtering: value i is the
// BITS-bit field starting at bit i * BITS of the little-endian uint32 word stream (LSB first,
// a field may straddle two words), out[i] = base + field (blind check set 11: kept out of every
// fit; its sweeps go to fixtures/hopper/blind11/ once recorded). One thread per value: two 4 B
// loads of the words holding its field (contiguous across the warp, BITS / 32 of a word per
// lane: most of them L1 hits), a 64-bit funnel of the pair, shift and mask, one contiguous
// 4 B store. The stream is padded by one word so the second load is always in bounds. No
// shared memory. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void bitunpack_for(const unsigned* __restrict__ words,
                                         int* __restrict__ out, long long n, int bits,
                                         int base) {
    const long long i = ga_linear();
    if (i >= n) {
        return;
    }
    const long long bit = i * bits;
    const long long w = bit >> 5;
    const int off = (int)(bit & 31);
    const unsigned long long pair =
        (unsigned long long)words[w] | ((unsigned long long)words[w + 1] << 32);
    const unsigned long long mask = bits >= 32 ? 0xFFFFFFFFull : ((1ull << bits) - 1);
    out[i] = base + (int)(unsigned)((pair >> off) & mask);
}
