// HyperLogLog sketch update for approximate distinct counting (Flajolet et al.'s
// HyperLogLog with HLL++'s 64-bit hashes, the register update of the sketches of Druid,
// Presto/Trino's approx_distinct and cuCollections' distinct-count estimator), one key per
// thread with a global atomicMax (blind check set 19: written after calibration, never
// fitted on; its sweeps go to fixtures/hopper/blind19/ once recorded). Keys: 64-bit values
// (the words travel as uint32 pairs, low word first), hashed by MurmurHash3's 64-bit
// finalizer fmix64 (h ^= h >> 33, h *= 0xff51afd7ed558ccd, h ^= h >> 33, h *= 0xc4ceb9fe1a85ec53,
// h ^= h >> 33); with precision p the register is the top p bits of the hash and the rank is
// one more than the leading zeros of the remaining 64 - p bits (__clzll of (h << p) with the
// guard bit 1 << (p - 1): 1 to 65 - p), and register[index] = max(register[index], rank) by
// atomicMax on a table of 2^p uint32 registers (2^14: 64 KiB, L2-resident; every register
// is hit by thousands of keys). Per thread: one contiguous 8 B load, two 64-bit multiplies,
// a leading-zero count and one atomic at a data-dependent address. Idempotent: repeated
// timing launches leave the registers as they are. No shared memory. Integer: exact. 1-D:
// the block is linearized.
#include "common.cuh"

extern "C" __global__ void hll_update(const unsigned* __restrict__ key_words,
                                      unsigned* __restrict__ registers, long long n, int p) {
    const long long i = ga_linear();
    if (i >= n) {
        return;
    }
    unsigned long long h = reinterpret_cast<const unsigned long long*>(key_words)[i];
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    const unsigned index = (unsigned)(h >> (64 - p));
    const unsigned rank = (unsigned)__clzll((long long)((h << p) | (1ULL << (p - 1)))) + 1u;
    atomicMax(&registers[index], rank);
}
