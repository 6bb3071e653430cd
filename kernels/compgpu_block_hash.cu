// Comp-on-GPU's hash_kernel (Rococoro/Comp-on-GPU, src/hash_kernel.cu with the MurmurHash64A of
// include/MurmurHash2.cuh, launched by the pipeline test tests/test_pipe1.cu with THREADS 256 on
// (N + 255) / 256 blocks: a GPU delta-compression pipeline for time-series snapshots, each
// 64 KiB block of a snapshot hashed so that only the blocks whose hash changed are compressed
// with nvCOMP's Zstd) (blind check set 118: written after calibration, never fitted on). As in
// Comp-on-GPU: i = blockIdx.x blockDim.x + threadIdx.x, only i < N; the hash of the blk_sz
// bytes from i blk_sz is Austin Appleby's MurmurHash64A with the seed 0x1e35a7bd (m
// 0xc6a4a7935bd1e995, r 47; h = seed ^ (len m); each whole 8 B word k mixed as k *= m,
// k ^= k >> r, k *= m, h ^= k, h *= m; the 1-7 tail bytes xored in little-endian and h *= m;
// then h ^= h >> r, h *= m, h ^= h >> r), len the source's int. Departures: the block any
// shape (linearized); the bytes passed as 32-bit words and the 64-bit hashes as pairs of
// 32-bit words (low word first), each block's words still read 8 B at a time, through a
// plain load (include/MurmurHash2.cuh's LDG_U64 an __ldg; the blocks must start 8 B aligned
// for it, so blk_sz % 8 == 0); 64-bit offsets. Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: 64-bit integer
// multiplies, shifts and xors. 1-D, no shared memory: per thread blk_sz / 8 serial 8 B loads
// of its own block (a warp's 32 loads each blk_sz apart, one sector each) and a chain of two
// 64-bit multiplies a word, one 8 B store.
#include "common.cuh"

extern "C" __global__ void compgpu_block_hash(const unsigned int* d_in_words,
                                              unsigned int* d_out_words, long long blk_sz,
                                              long long N) {
    const long long i = ga_linear();
    if (i >= N) return;
    const unsigned long long m = 0xc6a4a7935bd1e995ULL;
    const int r = 47;
    const int len = (int)blk_sz;
    const unsigned char* key = reinterpret_cast<const unsigned char*>(d_in_words) + i * blk_sz;
    unsigned long long h = 0x1e35a7bdULL ^ ((unsigned long long)(long long)len * m);
    const unsigned long long* data = reinterpret_cast<const unsigned long long*>(key);
    const int words = len / 8;
    for (int w = 0; w < words; ++w) {
        unsigned long long k = data[w];
        k *= m;
        k ^= k >> r;
        k *= m;
        h ^= k;
        h *= m;
    }
    const unsigned char* tail = key + (long long)words * 8;
    const int rest = len & 7;
    if (rest > 0) {
        for (int b = rest - 1; b >= 0; --b) h ^= (unsigned long long)tail[b] << (8 * b);
        h *= m;
    }
    h ^= h >> r;
    h *= m;
    h ^= h >> r;
    reinterpret_cast<unsigned long long*>(d_out_words)[i] = h;
}
