// Symmetric normalization of the edges of a graph convolutional network's adjacency (Kipf and
// Welling's D^-1/2 (A + I) D^-1/2, PyG's gcn_norm and DGL's GraphConv(norm="both") on a CSR
// graph), fused with the CSR-to-COO expansion of the row indices (cusparseXcsr2coo), one
// thread per edge that finds its own row by a binary search in the row pointers (blind check
// set 21: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind21/ once recorded). The graph has `nodes` vertices; vertex r's edges
// are row_ptr[r] .. row_ptr[r + 1] - 1 (int32 row pointers from 0 to nnz, rows of different
// lengths, some empty) with their target vertices in col_idx. Edge k's row r is the last one
// with row_ptr[r] <= k (an empty row starts where the next one does: the search passes it),
// found by a binary search over row_ptr (about log2(nodes) dependent 4 B loads: the lanes of a
// warp search neighbouring edges and follow the same path, broadcasts); with the self-loops of
// A + I, the degrees are d(v) = row_ptr[v + 1] - row_ptr[v] + 1. Out: edge_row[k] = r and
// edge_w[k] = 1 / sqrt(d(r) d(c)) for c = col_idx[k], by rsqrtf. Per thread: the search, a
// contiguous 4 B load of the column, two 4 B loads of its row's pointers (those its search
// ended on), two 4 B loads of the target's pointers at a data-dependent place (random across
// the lanes: the 16 MiB of row pointers stay in L2), rsqrtf, two contiguous 4 B stores. No
// shared memory. The row is exact; the weight within the manifest's tolerance of the
// reference's float64. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void gcn_edge_norm(const int* __restrict__ row_ptr,
                                         const int* __restrict__ col_idx,
                                         int* __restrict__ edge_row, float* __restrict__ edge_w,
                                         long long nnz, int nodes) {
    const long long k = ga_linear();
    if (k >= nnz) {
        return;
    }
    int lo = 0, hi = nodes;  // row_ptr[lo] <= k < row_ptr[hi]
    while (hi - lo > 1) {
        const int mid = lo + (hi - lo) / 2;
        if (row_ptr[mid] <= k) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    const int c = col_idx[k];
    const int deg_r = row_ptr[lo + 1] - row_ptr[lo] + 1;
    const int deg_c = row_ptr[c + 1] - row_ptr[c] + 1;
    edge_row[k] = lo;
    edge_w[k] = rsqrtf((float)deg_r * (float)deg_c);
}
