// WholeGraph's AddSelfLoopKernel (rapidsai/wholegraph, cpp/src/graph_ops/
// csr_add_self_loop_func.cuh, launched by csr_add_self_loop_func in the same file behind
// pylibwholegraph's csr_add_self_loop: the sampled mini-batch subgraph of a GNN (GraphSAGE or
// GAT on WholeGraph's distributed feature store) given a self loop on every target row before
// aggregation) (blind check set 110: written after calibration, never fitted on). As in
// WholeGraph: row_idx = blockIdx.x, the row's neighbours [csr_row_ptr[row_idx],
// csr_row_ptr[row_idx + 1]); thread 0 stores csr_row_ptr_looped[row_idx] = start + row_idx
// and the last block's thread 0 also csr_row_ptr_looped[row_idx + 1] = end + row_idx + 1; the
// block's threads walk nidx = threadIdx.x, + blockDim.x, ... up to and including the row's
// length, storing csr_col_ind_looped[start + row_idx + nidx] = row_idx for nidx 0 (the self
// loop first) and csr_col_ind[start + nidx - 1] after; the host's 64 threads on target_count
// blocks. Departures: the block any shape (linearized: the walk's stride the block's
// threads). Reimplemented from the published source (its indexing, arithmetic and control
// flow; none of its text). Exact: integer copies. 1-D, no shared memory, one block a row:
// two 4 B row-pointer loads (broadcast), then per step a 4 B neighbour load (a warp's 128 B
// contiguous, one element back) and a 4 B store (a warp's 128 B contiguous, shifted by the
// row index), the row pointers' 4 B stores by thread 0.
#include "common.cuh"

extern "C" __global__ void wg_csr_add_self_loop(const int* csr_row_ptr, const int* csr_col_ind,
                                                int* csr_row_ptr_looped,
                                                int* csr_col_ind_looped) {
    const int row_idx = blockIdx.x;
    const int row_ptr_start = csr_row_ptr[row_idx];
    const int row_ptr_end = csr_row_ptr[row_idx + 1];
    const int tid = (int)ga_tid();
    const int threads = (int)ga_nthreads();
    if (tid == 0) {
        csr_row_ptr_looped[row_idx] = row_ptr_start + row_idx;
        if (blockIdx.x == gridDim.x - 1) {
            csr_row_ptr_looped[row_idx + 1] = row_ptr_end + row_idx + 1;
        }
    }
    for (int nidx = tid; nidx <= row_ptr_end - row_ptr_start; nidx += threads) {
        int neighbor_idx = row_idx;
        if (nidx > 0) {
            neighbor_idx = csr_col_ind[row_ptr_start + nidx - 1];
        }
        csr_col_ind_looped[row_ptr_start + row_idx + nidx] = neighbor_idx;
    }
}
