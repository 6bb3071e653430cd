// Probe of a Parquet split-block Bloom filter (SBBF) with int64 keys, as a database pushes a
// join's or a scan's key filter down to the GPU: h = XXH64 of the key's 8 little-endian bytes
// (seed 0), block b = ((h >> 32) * num_blocks) >> 32 of 32 B (eight uint32 words), and the key
// may be present iff for every i in 0..7 bit (uint32(h) * SALT[i]) >> 27 of word i of block b
// is set; out[k] = 1 if so, else 0 (blind check set 10: kept out of every fit; its sweeps go
// to fixtures/hopper/blind10/ once recorded). One thread per key: a contiguous 8 B key load,
// the 64-bit hash in registers, then up to eight 4 B loads from one random 32 B block of the
// 32 MiB filter (the loop stops at the first clear bit, as the format's reference code does),
// one contiguous 4 B store. No shared memory. 1-D: the block is linearized.
#include "common.cuh"

__device__ __forceinline__ unsigned long long bloom_rotl64(unsigned long long v, int r) {
    return (v << r) | (v >> (64 - r));
}

// XXH64 of one 8-byte input with seed 0.
__device__ __forceinline__ unsigned long long bloom_xxh64_u64(unsigned long long v) {
    const unsigned long long p1 = 0x9E3779B185EBCA87ull, p2 = 0xC2B2AE3D27D4EB4Full,
                             p3 = 0x165667B19E3779F9ull, p4 = 0x85EBCA77C2B2AE63ull,
                             p5 = 0x27D4EB2F165667C5ull;
    unsigned long long h = p5 + 8;
    const unsigned long long k = bloom_rotl64(v * p2, 31) * p1;
    h ^= k;
    h = bloom_rotl64(h, 27) * p1 + p4;
    h ^= h >> 33;
    h *= p2;
    h ^= h >> 29;
    h *= p3;
    h ^= h >> 32;
    return h;
}

extern "C" __global__ void bloom_probe(const long long* __restrict__ keys,
                                       const unsigned* __restrict__ filter,
                                       int* __restrict__ out, long long n, int num_blocks) {
    const unsigned salt[8] = {0x47b6137bu, 0x44974d91u, 0x8824ad5bu, 0xa2b7289du,
                              0x705495c7u, 0x2df1424bu, 0x9efc4947u, 0x5c6bfb31u};
    const long long k = ga_linear();
    if (k >= n) {
        return;
    }
    const unsigned long long h = bloom_xxh64_u64((unsigned long long)keys[k]);
    const unsigned long long b = ((h >> 32) * (unsigned long long)num_blocks) >> 32;
    const unsigned* block = filter + 8 * b;
    const unsigned low = (unsigned)h;
    int hit = 1;
    for (int i = 0; i < 8; ++i) {
        const unsigned bit = (low * salt[i]) >> 27;
        if (!((block[i] >> bit) & 1u)) {
            hit = 0;
            break;
        }
    }
    out[k] = hit;
}
