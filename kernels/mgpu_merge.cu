// A stable merge of two sorted key arrays with their values, moderngpu's merge (moderngpu 2.0,
// kernel_merge.hxx: merge with cta_merge_from_mem, merge_path, serial_merge and
// transfer_two_streams_strided; Baxter's CTA-wide Merge Path) (blind check set 42: written
// after calibration, never fitted on). As in moderngpu: each CTA merges nv = nt vt outputs
// (vt 15: arch_52_cta<128, 15>), its ranges of a and b given by the Merge Path partitions at
// diagonals nv cta and nv (cta + 1) (a binary search along each cross diagonal with bounds_lower:
// a's keys go first among equal keys); the CTA's a and b keys loaded into shared memory (b's
// after a's) by strided loads, a barrier; each thread's own Merge Path search in shared memory
// at diagonal vt tid, then a serial merge of vt keys (merge_predicate with the range checks),
// keeping the keys and their shared-memory indices in registers; the keys stored through
// shared memory in thread order and read back strided (reg_to_mem_thread: coalesced 4 B
// stores), the indices transposed to strided order the same way, and each output's value
// gathered from a's or b's values by its index (transfer_two_streams_strided). Departures: the
// partitions computed by the CTA itself (its first two threads search the two diagonals in
// global memory; moderngpu runs a merge_path_partitions kernel first and reads them from its
// buffer); nt the block's threads, any shape, linearized (moderngpu's nt 128 a template
// parameter), the keys and indices union one dynamic allocation of nt vt + 1 ints and the two
// partitions two words after it; int keys and values, comp less. Written from memory. Exact.
// 1-D: the block is linearized.
#include "common.cuh"

#define MGPU_VT 15

// Merge Path (bounds_lower): how many of a come before the diag-th output.
__device__ __forceinline__ int mgpu_merge_path(const int* a_keys, int a_count, const int* b_keys,
                                               int b_count, int diag) {
    int begin = max(0, diag - b_count);
    int end = min(diag, a_count);
    while (begin < end) {
        int mid = (begin + end) / 2;
        int a_key = a_keys[mid];
        int b_key = b_keys[diag - 1 - mid];
        bool pred = !(b_key < a_key);
        if (pred)
            begin = mid + 1;
        else
            end = mid;
    }
    return begin;
}

extern "C" __global__ void mgpu_merge(const int* a_keys, const int* a_vals, int a_count,
                                      const int* b_keys, const int* b_vals, int b_count,
                                      int* c_keys, int* c_vals) {
    extern __shared__ int mgpu_shared[];
    const int nt = ga_nthreads();
    const int tid = ga_tid();
    const int cta = blockIdx.x;
    const int nv = nt * MGPU_VT;
    int* keys_shared = mgpu_shared;           // nv + 1 keys, later nv indices (a union)
    int* mp_shared = mgpu_shared + nv + 1;    // the CTA's two partitions

    // The partitions at the CTA's two diagonals (merge_path_partitions' searches).
    for (int p = tid; p < 2; p += nt) {
        int diag = min(nv * (cta + p), a_count + b_count);
        mp_shared[p] = mgpu_merge_path(a_keys, a_count, b_keys, b_count, diag);
    }
    __syncthreads();
    int mp0 = mp_shared[0];
    int mp1 = mp_shared[1];

    // compute_merge_range
    int diag0 = nv * cta;
    int diag1 = min(a_count + b_count, diag0 + nv);
    int a_begin = mp0, a_end = mp1;
    int b_begin = diag0 - mp0, b_end = diag1 - mp1;
    int a_cnt = a_end - a_begin, b_cnt = b_end - b_begin;
    int count = a_cnt + b_cnt;

    // load_two_streams_shared: a's range then b's, strided loads.
    for (int i = 0; i < MGPU_VT; i++) {
        int index = nt * i + tid;
        if (index < count)
            keys_shared[index] =
                index < a_cnt ? a_keys[a_begin + index] : b_keys[b_begin + index - a_cnt];
    }
    __syncthreads();

    // Merge Path in shared memory for this thread's diagonal, then the serial merge.
    int diag = MGPU_VT * tid;
    int mp = mgpu_merge_path(keys_shared, a_cnt, keys_shared + a_cnt, b_cnt, diag);
    int ra_begin = mp, ra_end = a_cnt;                    // range_local.partition(mp, diag)
    int rb_begin = a_cnt + diag - mp, rb_end = count;

    int a_key = keys_shared[ra_begin];
    int b_key = keys_shared[rb_begin];
    int keys[MGPU_VT], indices[MGPU_VT];
#pragma unroll
    for (int i = 0; i < MGPU_VT; i++) {
        bool p;  // merge_predicate<bounds_lower, true>
        if (!(ra_begin < ra_end))
            p = false;
        else if (!(rb_begin < rb_end))
            p = true;
        else
            p = !(b_key < a_key);
        int index = p ? ra_begin : rb_begin;
        keys[i] = p ? a_key : b_key;
        indices[i] = index;
        if (p)
            a_key = keys_shared[++ra_begin];
        else
            b_key = keys_shared[++rb_begin];
    }
    __syncthreads();

    // reg_to_mem_thread: thread order into shared memory, strided stores out.
    int dest_offset = nv * cta;
#pragma unroll
    for (int i = 0; i < MGPU_VT; i++) keys_shared[MGPU_VT * tid + i] = keys[i];
    __syncthreads();
#pragma unroll
    for (int i = 0; i < MGPU_VT; i++) {
        int index = nt * i + tid;
        if (index < count) c_keys[dest_offset + index] = keys_shared[index];
    }
    __syncthreads();

    // reg_thread_to_strided: the indices transposed to strided order.
#pragma unroll
    for (int i = 0; i < MGPU_VT; i++) keys_shared[MGPU_VT * tid + i] = indices[i];
    __syncthreads();
    int strided[MGPU_VT];
#pragma unroll
    for (int i = 0; i < MGPU_VT; i++) strided[i] = keys_shared[nt * i + tid];
    __syncthreads();

    // transfer_two_streams_strided: each output's value from a's or b's range.
#pragma unroll
    for (int i = 0; i < MGPU_VT; i++) {
        int index = nt * i + tid;
        if (index < count) {
            int j = strided[i];
            c_vals[dest_offset + index] =
                j < a_cnt ? a_vals[a_begin + j] : b_vals[b_begin + j - a_cnt];
        }
    }
}
