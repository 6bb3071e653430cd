// MurmurHash3_x86_32 of every row of a strings column, as GPU dataframe and database engines
// hash string keys for hash joins, group-bys and hash partitioning (cuDF's
// MurmurHash3_x86_32 over a strings column): Arrow's layout, row i being the bytes
// chars[offsets[i]] .. chars[offsets[i + 1] - 1] of one byte buffer (variable lengths, about
// 32 bytes a row here), hashed with Austin Appleby's reference algorithm (4-byte
// little-endian blocks read a byte at a time since rows start at any byte, then the 1-3 tail
// bytes, the length and the fmix32 finalizer) (blind check set 14: written after
// calibration, never fitted on; its sweeps go to fixtures/hopper/blind14/ once recorded).
// The bytes travel in 32-bit words (the buffer is uint32 on the host). One thread per row:
// two 4 B offset loads, a loop of len / 4 blocks of four 1 B loads with two multiplies, two
// rotates and a multiply-add each (the trip count varies from lane to lane: the warp runs
// its longest row), then the tail, the finalizer and one contiguous 4 B store. The warp's
// rows are contiguous in the buffer (lanes about 32 B apart: each load instruction touches
// many sectors that the lane's next loads reuse from L1). Integer arithmetic: exact. No
// shared memory. 1-D: the block is linearized.
#include "common.cuh"

__device__ __forceinline__ unsigned mm3_rotl(unsigned x, int r) {
    return (x << r) | (x >> (32 - r));
}

__device__ __forceinline__ unsigned mm3_fmix(unsigned h) {
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h;
}

extern "C" __global__ void murmur3_strings(const int* __restrict__ offsets,
                                           const unsigned* __restrict__ chars_words,
                                           unsigned* __restrict__ hashes, int nrows,
                                           unsigned seed) {
    const long long row = ga_linear();
    if (row >= nrows) {
        return;
    }
    const unsigned c1 = 0xcc9e2d51u;
    const unsigned c2 = 0x1b873593u;
    const int begin = offsets[row];
    const int len = offsets[row + 1] - begin;
    const unsigned char* data = reinterpret_cast<const unsigned char*>(chars_words) + begin;
    unsigned h = seed;
    const int nblocks = len / 4;
    for (int b = 0; b < nblocks; ++b) {
        const unsigned char* p = data + 4 * b;
        unsigned k = (unsigned)p[0] | ((unsigned)p[1] << 8) | ((unsigned)p[2] << 16) |
                     ((unsigned)p[3] << 24);
        k *= c1;
        k = mm3_rotl(k, 15);
        k *= c2;
        h ^= k;
        h = mm3_rotl(h, 13);
        h = h * 5u + 0xe6546b64u;
    }
    const unsigned char* tail = data + 4 * nblocks;
    const int rest = len & 3;
    if (rest > 0) {
        unsigned k = 0;
        if (rest == 3) {
            k ^= (unsigned)tail[2] << 16;
        }
        if (rest >= 2) {
            k ^= (unsigned)tail[1] << 8;
        }
        k ^= (unsigned)tail[0];
        k *= c1;
        k = mm3_rotl(k, 15);
        k *= c2;
        h ^= k;
    }
    h ^= (unsigned)len;
    hashes[row] = mm3_fmix(h);
}
