// Threshold pruning of the rows of a CSR sparse matrix with stream compaction, Markov
// clustering's prune step (MCL and HipMCL drop the entries of each column of the expanded
// matrix below a threshold and keep the rest in order; AMG's strength filtering and ILUT's
// dropping are the same loop), one block per row on a fixed grid (blind check set 20:
// written after calibration, never fitted on; its sweeps go to fixtures/hopper/blind20/ once
// recorded). Row r holds the entries row_ptr[r] .. row_ptr[r + 1] - 1 (int32 column ids and
// float32 values); the entries with value >= tol are written, in their order, to out_col and
// out_val from the row's own start row_ptr[r] on (the slots after them untouched), and
// kept[r] = their number (the new row lengths, whose scan gives the pruned matrix's row
// pointers). The block walks its row in chunks of one entry a thread (contiguous 4 B loads
// of the column and the value) and places each chunk by a block-wide exclusive scan of the
// keep flags for any block size: __ballot_sync and __popc of the lanes below give a thread's
// place in its warp, each warp's count goes to shared memory, a barrier, every thread adds
// the counts of the warps before its own (and of all of them for the next chunk's start),
// kept entries are stored (two 4 B stores at consecutive places), a second barrier before
// the counts are rewritten. A block that is not a multiple of 32 has a last warp of fewer
// lanes: the ballots name only the lanes the block has. Dynamic shared memory: 4 bytes a
// warp (128 B). Every thread reaches every ballot and barrier. Values compared, never
// computed: exact. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void csr_row_prune(const int* __restrict__ row_ptr,
                                         const int* __restrict__ col_idx,
                                         const float* __restrict__ vals,
                                         int* __restrict__ out_col, float* __restrict__ out_val,
                                         int* __restrict__ kept, int rows, float tol) {
    extern __shared__ int prune_counts[];
    const int row = blockIdx.x;
    if (row >= rows) {
        return;  // the whole block leaves together
    }
    const int tid = (int)ga_tid();
    const int threads = (int)ga_nthreads();
    const int lane = tid % 32;
    const int warp = tid / 32;
    const int warps = (threads + 31) / 32;
    // The lanes this block has in this thread's warp (the last warp may be partial).
    const int lanes = min(32, threads - warp * 32);
    const unsigned mask = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;
    const int begin = row_ptr[row], end = row_ptr[row + 1];
    int next = begin;  // where the chunk's first kept entry goes
    for (int first = begin; first < end; first += threads) {
        const int k = first + tid;
        int col = 0;
        float val = 0.0f;
        bool keep = false;
        if (k < end) {
            col = col_idx[k];
            val = vals[k];
            keep = val >= tol;
        }
        const unsigned votes = __ballot_sync(mask, keep);
        if (lane == 0) {
            prune_counts[warp] = __popc(votes);
        }
        __syncthreads();
        int before = 0, total = 0;
        for (int w = 0; w < warps; ++w) {
            const int count = prune_counts[w];
            before += w < warp ? count : 0;
            total += count;
        }
        if (keep) {
            const int at = next + before + __popc(votes & ((1u << lane) - 1u));
            out_col[at] = col;
            out_val[at] = val;
        }
        next += total;
        __syncthreads();  // every thread has read the counts before the next chunk rewrites them
    }
    if (tid == 0) {
        kept[row] = next - begin;
    }
}
