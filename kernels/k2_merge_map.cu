// k2's merge map of concatenated arrays, SizesToMergeMapKernel (k2-fsa/k2, k2/csrc/array_ops.cu,
// launched by SizesToMergeMap in the same file: for arrays of the given sizes appended one after
// another, each element's source (its row) and position within it packed as src + position
// num_srcs, the merge map k2 keeps when appending arrays and ragged tensors) (blind check set 79:
// written after calibration, never fitted on). As in k2: thread = blockIdx.x blockDim.x +
// threadIdx.x, row = thread / threads_per_row and thread_this_row the rest, rows past num_rows
// return, row_length = row_splits[row + 1] - row_splits[row], then for thread_this_row below
// row_length in steps of threads_per_row merge_map[row_splits[row] + thread_this_row] =
// uint32(row) + uint32(num_rows) uint32(thread_this_row); the host's threads_per_row the power
// of two at or above cdiv(tot_size, num_srcs), 256 threads on NumBlocks(num_srcs threads_per_row,
// 256) blocks. Departures: the block the sweep's, any shape (linearized: thread = blockIdx.x
// threads + the linear thread); the K2_CHECK_GE that the grid holds every row dropped (the
// manifest's grid always does). Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: integers. 1-D: threads_per_row threads
// a source, two 4 B row-split loads (one address for the row's threads), 4 B stores contiguous
// within a source, a second pass where a source is longer than threads_per_row.
#include "common.cuh"

extern "C" __global__ void k2_merge_map(int num_rows, int threads_per_row, const int* row_splits,
                                        int num_elems, unsigned* merge_map) {
    const long long thread = ga_linear();
    const int row = (int)(thread / threads_per_row);
    int thread_this_row = (int)(thread % threads_per_row);
    if (row >= num_rows) return;
    const int this_row_split = row_splits[row];
    const int next_row_split = row_splits[row + 1];
    const int row_length = next_row_split - this_row_split;
    for (; thread_this_row < row_length; thread_this_row += threads_per_row) {
        merge_map[this_row_split + thread_this_row] =
            (unsigned)row + (unsigned)num_rows * (unsigned)thread_this_row;
    }
}
