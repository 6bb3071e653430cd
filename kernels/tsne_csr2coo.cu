// The row index of every nonzero of the symmetrized affinity matrix, tsne-cuda's
// Csr2CooKernel (CannyLab/tsne-cuda, src/util/math_utils.cu, behind tsnecuda::util::Csr2Coo:
// RunTsne's conversion of the sparse P matrix to COO pairs once before the gradient
// iterations, whose attractive-force kernel then reads a (row, column) pair a nonzero)
// (blind check set 65: written after calibration, never fitted on). As in tsne-cuda: one
// thread a nonzero TID below num_nonzero; a binary search of the row pointers for the row
// holding it (start 0, end num_points + 1, i = (num_points + 1) >> 1; while end - start > 1:
// j = pij_row_ptr[i], end = i where j > TID, start = i where j <= TID, i = (start + end) >> 1),
// then the pair (i, pij_col_ind[TID]) stored at coo_indices[2 TID] and [2 TID + 1]; the host's
// 1,024 threads on cdiv(num_nonzero, 1024) blocks. Departures: the block the sweep's, any
// shape (linearized); the volatile output a plain pointer, the register qualifiers dropped.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none
// of its text). Exact: integers only. 1-D: the block is linearized, one thread a nonzero.
#include "common.cuh"

extern "C" __global__ void tsne_csr2coo(int* __restrict__ coo_indices,
                                        const int* __restrict__ pij_row_ptr,
                                        const int* __restrict__ pij_col_ind, int num_points,
                                        int num_nonzero) {
    const long long linear = ga_linear();
    if (linear >= num_nonzero) {
        return;
    }
    const int TID = (int)linear;
    int start = 0;
    int end = num_points + 1;
    int i = (num_points + 1) >> 1;
    int j;
    while (end - start > 1) {
        j = pij_row_ptr[i];
        end = (j > TID) ? i : end;
        start = (j <= TID) ? i : start;
        i = (start + end) >> 1;
    }
    j = pij_col_ind[TID];
    coo_indices[2 * TID] = i;
    coo_indices[2 * TID + 1] = j;
}
