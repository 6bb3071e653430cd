// Queries of a cuckoo hash table, CUDPP's hash_retrieve<4> with retrieve and KeyLocations
// (cudpp/cudpp, src/cudpp_hash/hash_table.cuh with hash_functions.h and definitions.h, behind
// HashTable::Retrieve: cudppHashRetrieve on a CUDPP_BASIC_HASH_TABLE, Alcantara et al.'s
// cuckoo hashing with four hash functions and a 101-slot stash) (blind check set 64: written
// after calibration, never fitted on). As in CUDPP: one thread a query key; its four candidate
// slots ((c.x ^ key) + c.y) mod 4294967291 mod table_size for each function's constants; the
// 8 B entry (key in the upper 32 bits) at the first slot loaded, then the next function's slot
// while the key seen is neither the query nor empty (0xffffffff); when the stash holds items
// and the key is still not the query, the stash's slot (s.x ^ (key + s.y)) mod 101 (C's
// precedence, as written) past the table; the value where the key matches, else kNotFound
// (0xffffffff), a 4 B store; kBlockSize (64) threads on a 2-D grid of up to 16,384 blocks a
// row. Departures: the block the sweep's, any shape (linearized), on a 1-D grid of cdiv(n,
// threads) blocks; the Functions<4> and uint2 constants as unsigned arguments; the table's
// 64-bit entries a uint32 buffer of two words an entry (value, key), loaded as one 8 B word;
// the debug-only probe count dropped. Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: integers. 1-D: the block is
// linearized, one thread a query.
#include "common.cuh"

#define CUDPP_PRIME_DIVISOR 4294967291u
#define CUDPP_STASH_SIZE 101u
#define CUDPP_NOT_FOUND 0xffffffffu

__device__ __forceinline__ unsigned cudpp_hash(unsigned cx, unsigned cy, unsigned key) {
    return ((cx ^ key) + cy) % CUDPP_PRIME_DIVISOR;
}

extern "C" __global__ void cudpp_cuckoo_retrieve(
    unsigned n_queries, const unsigned* __restrict__ keys_in, unsigned table_size,
    const unsigned* __restrict__ table_words, unsigned c0x, unsigned c0y, unsigned c1x,
    unsigned c1y, unsigned c2x, unsigned c2y, unsigned c3x, unsigned c3y, unsigned stash_x,
    unsigned stash_y, unsigned stash_count, unsigned* __restrict__ values_out) {
    const unsigned long long* table =
        reinterpret_cast<const unsigned long long*>(table_words);
    const unsigned thread_index = (unsigned)ga_linear();
    if (thread_index >= n_queries) return;
    const unsigned query_key = keys_in[thread_index];

    unsigned locations[4];
    locations[0] = cudpp_hash(c0x, c0y, query_key) % table_size;
    locations[1] = cudpp_hash(c1x, c1y, query_key) % table_size;
    locations[2] = cudpp_hash(c2x, c2y, query_key) % table_size;
    locations[3] = cudpp_hash(c3x, c3y, query_key) % table_size;

    unsigned long long entry = table[locations[0]];
    unsigned key = (unsigned)(entry >> 32);
#pragma unroll
    for (unsigned i = 1; i < 4; ++i) {
        if (key != query_key && key != CUDPP_NOT_FOUND) {
            entry = table[locations[i]];
            key = (unsigned)(entry >> 32);
        }
    }

    if (stash_count && (unsigned)(entry >> 32) != query_key) {
        const unsigned long long* stash = table + table_size;
        const unsigned slot = (stash_x ^ query_key + stash_y) % CUDPP_STASH_SIZE;
        entry = stash[slot];
    }

    values_out[thread_index] =
        (unsigned)(entry >> 32) == query_key ? (unsigned)(entry & 0xffffffffu) : CUDPP_NOT_FOUND;
}
