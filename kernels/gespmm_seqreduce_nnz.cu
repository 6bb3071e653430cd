// The nonzero-balanced sparse-dense matrix product of a GNN layer's aggregation, GE-SpMM's
// csrspmm_seqreduce_nnzbalance_kernel (hgyhungry/ge-spmm, ge-spmm/csrspmm_seqreduce.cuh, behind
// csrspmm_seqreduce_nnzbalance: gespmmCsrSpMM with GESPMM_ALG_SEQREDUCE_NNZBALANCE, as
// benchmark/benchmark_spmm.cu runs it on a zeroed C for N = 1 .. 128 dense columns; Huang et al.,
// GE-SpMM, SC'20) (blind check set 61: written after calibration, never fitted on). As in
// GE-SpMM: the block's rows (threadIdx.y) each a run of NE_PER_THREAD = cdiv(nnz, blockDim.y
// gridDim.x) nonzeros from eid = (blockIdx.x blockDim.y + threadIdx.y) NE_PER_THREAD, its columns
// (threadIdx.x) a dense column v_id = blockIdx.y blockDim.x + threadIdx.x; each thread finds its
// nonzero's row by binary_search_segment_number over the row pointers (lo = 1, hi = nr: the first
// pointer above eid, minus one), then per nonzero val += value times B[col nv + v_id] while the
// row lasts (ii < step = rowPtr[row + 1] - eid), the row's partial sum added into C[row nv +
// v_id] with one atomicAdd at each change of row and at the end; the host's (min(N, 256),
// cdiv(256, that)) blocks (16 x 16 at N = 16) on cdiv(nnz, 16) x cdiv(N, 256) blocks: one nonzero
// a thread. Departures: the block the sweep's, any shape (x the dense column, y*z the nonzero
// run, z folded in; the grid's x the runs, its y the columns) and each thread bounded by nv (the
// source's v_id is in range only for N <= 256 with the host's block); __ldg as plain loads
// through const __restrict__ pointers. Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: whole-number values and B (products and
// partial sums exact integers in float32, in any order of the atomics). 2-D: x the dense column,
// y*z the nonzero.
#include "common.cuh"

// The segment (row) holding element elem_id: the first offset above it, minus one.
__device__ __forceinline__ int gespmm_segment(const int* seg_offsets, int n_seg, int n_elem,
                                              int elem_id) {
    int lo = 1, hi = n_seg, mid;
    while (lo < hi) {
        mid = (lo + hi) >> 1;
        if (seg_offsets[mid] <= elem_id) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return hi - 1;
}

extern "C" __global__ void gespmm_seqreduce_nnz(int nr, int nv, int nc, int nnz,
                                                const int* __restrict__ rowPtr,
                                                const int* __restrict__ colIdx,
                                                const float* __restrict__ values,
                                                const float* __restrict__ dnInput,
                                                float* dnOutput) {
    const int Nnzdim_thread = ga_block_rows() * gridDim.x;
    const int NE_PER_THREAD = (nnz + Nnzdim_thread - 1) / Nnzdim_thread;
    int eid = (blockIdx.x * ga_block_rows() + ga_row_in_block()) * NE_PER_THREAD;
    const int v_id = blockIdx.y * blockDim.x + threadIdx.x;
    int col = 0;
    float val = 0.0f;

    if (eid < nnz && v_id < nv) {
        int row = gespmm_segment(rowPtr, nr, nnz, eid);
        int step = rowPtr[row + 1] - eid;

        for (int ii = 0; ii < NE_PER_THREAD; ii++) {
            if (eid >= nnz) break;
            if (ii < step) {
                col = colIdx[eid] * nv;
                val += values[eid] * dnInput[col + v_id];
                eid++;
            } else {
                atomicAdd(&dnOutput[row * nv + v_id], val);
                row = gespmm_segment(rowPtr, nr, nnz, eid);
                step = rowPtr[row + 1] - eid;
                col = colIdx[eid] * nv;
                val = values[eid] * dnInput[col + v_id];
                eid++;
            }
        }
        atomicAdd(&dnOutput[row * nv + v_id], val);
    }
}
