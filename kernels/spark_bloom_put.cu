// spark-rapids-jni's gpu_bloom_filter_put<1, false> (NVIDIA/spark-rapids-jni,
// src/main/cpp/src/bloom_filter.cu, launched by bloom_filter_put in the same file: the
// RAPIDS Accelerator for Apache Spark building a Spark (version 1) bloom filter on the GPU,
// as Spark's runtime bloom-filter join does over the build side's join keys, each key's
// num_hashes bit positions set in the big-endian serialized bit array) (blind check set 100:
// written after calibration, never fitted on). As in spark-rapids-jni: one thread a key (tid
// = threadIdx.x + blockIdx.x blockDim.x), nothing at or past the column's size; h1 = Spark's
// MurmurHash3_x86_32 of the key's 8 bytes (two 4-byte blocks, then h ^= 8 and fmix32) with
// seed 0 and h2 the same with seed h1; for idx = 1 .. num_hashes the int32 combined = h1 +
// idx h2, bit = (combined < 0 ? ~combined : combined) % (int32) bloom_filter_bits, the word
// (bit / 32) ^ 1 and the bit (bit % 32) ^ 0x18 (Spark's big-endian longs), atomicOr of the
// mask; the host's 256 threads on cdiv(size, 256) blocks (cudf's grid_1d). Departures: the
// block the sweep's, any shape (linearized); the column_device_view as a plain int64 array
// without nulls (the non-nullable instantiation); the funnel shift as the rotate it is; the
// int32 wrap-around of h1 + idx h2 computed in unsigned arithmetic. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// integer hashing, order-free ORs. 1-D, no shared memory: an 8 B key load (a warp's 256 B
// contiguous), two 32-bit hashes, then num_hashes 4 B atomicOr scattered over the filter.
#include "common.cuh"

__device__ __forceinline__ unsigned spark_rotl(unsigned x, unsigned r) {
    return (x << r) | (x >> (32u - r));
}

__device__ __forceinline__ unsigned spark_murmur_long(long long key, unsigned seed) {
    const unsigned long long bits = (unsigned long long)key;
    unsigned h = seed;
    for (int i = 0; i < 2; i++) {
        unsigned k = (unsigned)(bits >> (32 * i));
        k *= 0xcc9e2d51u;
        k = spark_rotl(k, 15);
        k *= 0x1b873593u;
        h ^= k;
        h = spark_rotl(h, 13);
        h = h * 5u + 0xe6546b64u;
    }
    h ^= 8u;
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h;
}

extern "C" __global__ void spark_bloom_put(unsigned* bloom_filter, long long bloom_filter_bits,
                                           const long long* input, int size, int num_hashes) {
    const long long tid = ga_linear();
    if (tid >= size) return;
    const long long key = input[tid];
    const unsigned h1 = spark_murmur_long(key, 0u);
    const unsigned h2 = spark_murmur_long(key, h1);
    const int nbits = (int)bloom_filter_bits;
    for (int idx = 1; idx <= num_hashes; idx++) {
        const int combined = (int)(h1 + (unsigned)idx * h2);
        const long long bit = (long long)((combined < 0 ? ~combined : combined) % nbits);
        const long long word = (bit / 32) ^ 1;
        const int shift = (int)(bit % 32) ^ 0x18;
        atomicOr(bloom_filter + word, 1u << shift);
    }
}
