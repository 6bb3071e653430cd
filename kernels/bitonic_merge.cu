// One global merge step of a bitonic sort of (key, value) pairs (blind check set 8: kept out
// of every fit; its sweeps go to fixtures/hopper/blind8/ once recorded), in the form of the
// CUDA samples' sortingNetworks bitonicMergeGlobal: the steps whose comparator distance
// `stride` is too large for a shared-memory tile run as one launch each. Thread g owns one
// comparator: the pair pos = 2g - (g & (stride - 1)) and pos + stride, ordered ascending or
// descending by which half of its bitonic sequence of `size` elements it falls in, and
// stores both pairs back whether or not they swapped (so repeated timing launches do the
// same work; the check runs once from the initial data). Per thread: four 4 B loads and four
// 4 B stores, each contiguous across a warp when stride >= 32. n, size and stride are powers
// of two, stride < size <= n; n / 2 threads. In place. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void bitonic_merge(unsigned* __restrict__ keys, unsigned* __restrict__ vals,
                                         long long n, long long size, long long stride,
                                         int ascending) {
    const long long g = ga_linear();
    if (g >= n / 2) {
        return;
    }
    const bool up = (ascending != 0) ^ ((g & (size / 2)) != 0);
    const long long pos = 2 * g - (g & (stride - 1));
    unsigned key_a = keys[pos];
    unsigned val_a = vals[pos];
    unsigned key_b = keys[pos + stride];
    unsigned val_b = vals[pos + stride];
    if ((key_a > key_b) == up) {
        const unsigned key = key_a;
        key_a = key_b;
        key_b = key;
        const unsigned val = val_a;
        val_a = val_b;
        val_b = val;
    }
    keys[pos] = key_a;
    vals[pos] = val_a;
    keys[pos + stride] = key_b;
    vals[pos + stride] = val_b;
}
