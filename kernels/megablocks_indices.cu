// MegaBlocks' block-sparse topology column indices, ConstructIndicesKernel (databricks/megablocks,
// csrc/indices.h, behind ConstructIndices and megablocks::indices in the same file: ops.indices
// from dMoE's topology(), every dropless-MoE layer's forward building the column index of each
// nonzero 128 x 128 block of its block-diagonal expert matrix from the padded token bins)
// (blind check set 74: written after calibration, never fitted on). As in MegaBlocks: one bin
// (expert) a grid column, start = padded_bins[bin - 1] (0 for the first) and end =
// padded_bins[bin], both divided by block_size, the bin's block rows from blockIdx.y in steps
// of gridDim.y (a loop counting num_rows down by gridDim.y while the row pointer advances),
// each row's num_columns entries from threadIdx.x in steps of the block, indices[(start + r)
// num_columns + c] = c + bin num_columns; the host's kThreadsPerBlock = 32 threads on
// num_bins x ceil(output_block_rows / num_bins) blocks. Departures: the block the sweep's, any
// shape (x the column, y*z the block row, z folded in: the grid's rows by*bz a block,
// cdiv(ceil(rows / bins), by*bz) of them); the padded bins with their leading zero (the
// manifest's row pointers: bin b from padded_bins[b] to padded_bins[b + 1]); the int16
// indices as int32 (the manifest's buffers). Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: integer stores. 2-D: x ->
// block column, y*z -> block row of the bin.
#include "common.cuh"

extern "C" __global__ void megablocks_indices(int* __restrict__ indices, int num_columns,
                                              int block_size,
                                              const int* __restrict__ padded_bins) {
    const int start = padded_bins[blockIdx.x] / block_size;
    const int end = padded_bins[blockIdx.x + 1] / block_size;
    const int rows = ga_block_rows();
    const int bin_offset = blockIdx.y * rows + ga_row_in_block();
    const int step = gridDim.y * rows;
    int* out_row = indices + (long long)(start + bin_offset) * num_columns;
    for (int num_rows = end - start; bin_offset < num_rows; num_rows -= step) {
        for (int bid = threadIdx.x; bid < num_columns; bid += blockDim.x) {
            out_row[bid] = bid + blockIdx.x * num_columns;
        }
        out_row += (long long)step * num_columns;
    }
}
