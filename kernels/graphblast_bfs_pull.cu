// GraphBLAST's spmvDenseMaskedOrKernel<UseScmp = true, UseEarlyExit = true, UseOpReuse = false>
// (gunrock/graphblast, graphblas/backend/cuda/kernels/spmv.hpp, dispatched by the masked
// logical-or SpMV of graphblas/backend/cuda/spmv.hpp (variant 6: the mask's structural
// complement, early exit): the pull step of GraphBLAST's direction-optimized BFS, each unvisited
// vertex scanning its neighbours for one in the frontier) (blind check set 87: written after
// calibration, never fitted on). As in GraphBLAST: row = blockIdx.x blockDim.x + threadIdx.x,
// in steps of gridDim.x blockDim.x below A_nrows; discoverable = false; a row whose mask value
// is non-zero (visited) is skipped (UseScmp ^ !mask); otherwise for each of its entries
// A_csrColInd[k] (k from A_csrRowPtr[row] below A_csrRowPtr[row + 1]) the frontier value
// u_val[col] compared with the semiring's identity, the first that differs making the row
// discoverable and ending the scan; w_val[row] = discoverable ? 1 : 0; nt threads on
// cdiv(A_nrows, nt) blocks (nt the descriptor's GrB_NT; its default not read). Departures: the
// block the sweep's, any shape (linearized); W, M and U float (GraphBLAST's BFS vectors), Index
// int; the semiring's accum, mul and add operators, A_nvals and A_csrVal (unused by this
// variant) dropped. Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: comparisons. 1-D, no shared memory: one thread a
// vertex, a 4 B mask load (a warp's 128 B contiguous); for an unvisited vertex two 4 B row
// pointer loads and a loop of 4 B column loads (consecutive) each followed by a dependent 4 B
// frontier gather (random), ended early; a 4 B store (a warp's 128 B contiguous).
#include "common.cuh"

extern "C" __global__ void graphblast_bfs_pull(float* w_val, const float* mask_val,
                                               float identity, int A_nrows,
                                               const int* A_csrRowPtr,
                                               const int* A_csrColInd, const float* u_val) {
    const bool use_scmp = true;
    const long long stride = (long long)gridDim.x * ga_nthreads();
    for (long long row = ga_linear(); row < A_nrows; row += stride) {
        bool discoverable = false;
        const float seen = mask_val[row];
        if (!(use_scmp ^ !static_cast<bool>(seen))) {
            const int start = A_csrRowPtr[row];
            const int end = A_csrRowPtr[row + 1];
            for (int k = start; k < end; ++k) {
                const int col = A_csrColInd[k];
                if (u_val[col] != identity) {
                    discoverable = true;
                    break;
                }
            }
        }
        w_val[row] = discoverable ? 1.0f : 0.0f;
    }
}
