// The warp-cooperative search of SlabHash (Ashkiani, Farach-Colton and Owens, "A Dynamic Hash
// Table for the GPU", IPDPS 2018; owensgroup/SlabHash: src/concurrent_map/warp/search.cuh,
// searchKey, as device/search_kernel.cuh's search_table calls it), on the concurrent map's
// slabs (slab_hash_global.cuh, concurrent_slab): a bucket is a linked list of 128 B slabs of 32
// 4 B words, 15 key-value pairs (key in word 2i, value in word 2i + 1), word 30 unused and word
// 31 the next slab's address (0xFFFFFFFF, EMPTY_INDEX_POINTER: the list's end). Few-waves
// experiment (a latency-bound kernel for the tail effect; not a blind-set kernel): every warp
// makes the same number of dependent, coalesced 128 B loads at unrelated places of a pool far
// larger than L2, so that its time is memory latency at any occupancy. As in SlabHash: the
// bucket is computeBucket(key) = (((hash_x ^ key) + hash_y) % 4294967291) % num_buckets; the
// work-queue loop takes the ballot of the lanes still searching, the first of them by __ffs,
// its bucket and key broadcast by __shfl_sync; each step every lane loads its word of the
// current slab (the bucket's base slab first, then the slab the last pointer names), the key's
// lane is __ffs of __ballot_sync(word == key) masked to the key words (REGULAR_NODE_KEY_MASK,
// 0x15555555), and the value comes from the next lane by __shfl_sync, or else the next slab's
// address from lane 31 by __shfl_sync, 0xFFFFFFFF ending the walk not found (SEARCH_NOT_FOUND,
// 0xFFFFFFFF, the result). Departures: one query a warp, held by lane 0, so that the work
// queue serves that one (search_table gives every lane a query and the warp serves its 32 in
// turn), the warp's query blockIdx.x cdiv(threads, 32) + its warp in the block, the warps past
// the last query returning; the table built beforehand by the manifest's data, no insertion or
// deletion, every bucket a list of exactly STEPS full slabs and each query's key in the last
// slab of its bucket's list; the bucket table and the allocator's slabs one pool, the buckets'
// base slabs first and a slab's address its index in the pool (SlabHash's d_table is its own
// allocation, and SlabAlloc's 32-bit addresses decode into super block, memory block and
// unit); the hash's constants arguments (members of SlabHash's context); 64-bit word offsets;
// in a warp that a block has fewer than 32 lanes of (a block size that is not a multiple of
// 32), lane 0 walking the list alone, word by word, and the other lanes returning (SlabHash's
// warps are whole). Written after reading SlabHash's search.cuh, search_kernel.cuh,
// slab_hash_global.cuh and cmap_class.cuh. 1-D: the block is linearized.
#include "common.cuh"

#define EMPTY_INDEX_POINTER 0xFFFFFFFFu
#define A_INDEX_POINTER 0xFFFFFFFEu
#define SEARCH_NOT_FOUND 0xFFFFFFFFu
#define BASE_UNIT_SIZE 32
#define REGULAR_NODE_KEY_MASK 0x15555555u
#define PRIME_DIVISOR 4294967291u

__device__ __forceinline__ unsigned computeBucket(unsigned key, unsigned hash_x, unsigned hash_y,
                                                  unsigned num_buckets) {
    return (((hash_x ^ key) + hash_y) % PRIME_DIVISOR) % num_buckets;
}

// Word laneId of a bucket's base slab (the pool's first num_buckets slabs are the table)...
__device__ __forceinline__ const unsigned* getPointerFromBucket(const unsigned* slabs,
                                                                unsigned bucket_id,
                                                                unsigned laneId) {
    return slabs + (unsigned long long)bucket_id * BASE_UNIT_SIZE + laneId;
}

// ... and of the slab at a pool index (the allocator's slabs, after the table).
__device__ __forceinline__ const unsigned* getPointerFromSlab(const unsigned* slabs,
                                                              unsigned slab_address,
                                                              unsigned laneId) {
    return slabs + (unsigned long long)slab_address * BASE_UNIT_SIZE + laneId;
}

extern "C" __global__ void slab_list_walk(const unsigned* __restrict__ slabs,
                                          const unsigned* __restrict__ d_queries,
                                          unsigned* __restrict__ d_results,
                                          unsigned num_queries, unsigned num_buckets,
                                          unsigned hash_x, unsigned hash_y) {
    const unsigned tid = ga_tid();
    const unsigned threads = ga_nthreads();
    const unsigned laneId = tid & 0x1F;
    const unsigned warp = tid / 32;
    const unsigned query = blockIdx.x * ((threads + 31) / 32) + warp;  // one query a warp
    if (query >= num_queries) {
        return;
    }

    if (threads - warp * 32 < 32) {  // a partial warp: lane 0 walks the list alone
        if (laneId != 0) {
            return;
        }
        const unsigned myQuery = d_queries[query];
        unsigned myResult = SEARCH_NOT_FOUND;
        const unsigned* unit =
            getPointerFromBucket(slabs, computeBucket(myQuery, hash_x, hash_y, num_buckets), 0);
        for (;;) {
            int found_lane = -1;
            for (int l = 0; l < 32 && found_lane < 0; ++l) {
                if ((REGULAR_NODE_KEY_MASK >> l & 1u) && unit[l] == myQuery) {
                    found_lane = l;
                }
            }
            if (found_lane >= 0) {
                myResult = unit[found_lane + 1];
                break;
            }
            const unsigned next_ptr = unit[31];
            if (next_ptr == EMPTY_INDEX_POINTER) {
                break;
            }
            unit = getPointerFromSlab(slabs, next_ptr, 0);
        }
        d_results[query] = myResult;
        return;
    }

    // search_table: lane 0 holds the warp's query
    unsigned myQuery = 0;
    unsigned myResult = SEARCH_NOT_FOUND;
    unsigned myBucket = 0;
    bool to_be_searched = false;
    if (laneId == 0) {
        myQuery = d_queries[query];
        myBucket = computeBucket(myQuery, hash_x, hash_y, num_buckets);
        to_be_searched = true;
    }

    // searchKey
    unsigned work_queue = 0;
    unsigned last_work_queue = work_queue;
    unsigned next = A_INDEX_POINTER;
    while ((work_queue = __ballot_sync(0xFFFFFFFF, to_be_searched))) {
        next = (last_work_queue != work_queue) ? A_INDEX_POINTER : next;
        const unsigned src_lane = __ffs(work_queue) - 1;
        const unsigned src_bucket = __shfl_sync(0xFFFFFFFF, myBucket, src_lane, 32);
        const unsigned wanted_key = __shfl_sync(0xFFFFFFFF, myQuery, src_lane, 32);
        const unsigned src_unit_data = (next == A_INDEX_POINTER)
                                           ? *getPointerFromBucket(slabs, src_bucket, laneId)
                                           : *getPointerFromSlab(slabs, next, laneId);
        const int found_lane =
            __ffs(__ballot_sync(0xFFFFFFFF, src_unit_data == wanted_key) & REGULAR_NODE_KEY_MASK) -
            1;
        if (found_lane < 0) {  // not found in this slab
            const unsigned next_ptr = __shfl_sync(0xFFFFFFFF, src_unit_data, 31, 32);
            if (next_ptr == EMPTY_INDEX_POINTER) {  // not found
                if (laneId == src_lane) {
                    myResult = SEARCH_NOT_FOUND;
                    to_be_searched = false;
                }
            } else {
                next = next_ptr;
            }
        } else {  // found the key: its value is in the next lane
            const unsigned found_value = __shfl_sync(0xFFFFFFFF, src_unit_data, found_lane + 1, 32);
            if (laneId == src_lane) {
                myResult = found_value;
                to_be_searched = false;
            }
        }
        last_work_queue = work_queue;
    }

    if (laneId == 0) {
        d_results[query] = myResult;
    }
}
