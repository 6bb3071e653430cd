// The batched transpose of OneFlow's permute primitive, BatchTransposeKernel<num_dims, 4, 32>
// (Oneflow-Inc/oneflow, oneflow/core/ep/cuda/primitive/permute.cu, behind
// LaunchBatchTransposeKernel in the same file: PermuteImpl::Launch, every transpose(0, 2, 1)
// or 2-D transpose of 4-byte values at least 32 x 32 (flow.transpose, flow.permute, the
// attention heads' layout changes)) (blind check set 72: written after calibration, never
// fitted on). As in OneFlow: a 32 x 33 shared-memory tile, block_nums = batches x
// cdiv(rows, 32) x cdiv(cols, 32) tiles, each block from blockIdx.x looping over them in
// steps of gridDim.x; per tile its batch, tile row and tile column, the tile loaded (column
// threadIdx.x, rows from threadIdx.y in steps of kBlockRows = 8, inside the matrix), a
// barrier, stored transposed (dst[offset + r rows + c] = tile[c][r] for the destination's
// row r and column c inside it), a barrier; the host's 32 x kBlockRows = 8 threads on
// min(block_nums, kCudaMaxBlocksNum = 8192) blocks. Departures: the block the sweep's, any
// shape (x loops over the tile's 32 columns in steps of blockDim.x (OneFlow's blockDim.x is
// the tile's width), y*z over its rows in steps of the block's rows, z folded in; the grid the
// host's, whatever the block; the static 32 x 33 tile as dynamic shared memory, the manifest's
// way). Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: copies. 2-D: x -> tile column, y*z ->
// tile row, one tile a block at a time.
#include "common.cuh"

#define OF_TILE 32

extern "C" __global__ void oneflow_batch_transpose(const float* __restrict__ src,
                                                   float* __restrict__ dst, int rows, int cols,
                                                   int num_tile_rows, int num_tile_cols,
                                                   int block_nums) {
    extern __shared__ float tile[];  // OF_TILE x (OF_TILE + 1): one more column, no bank conflicts
    const int batch_num_tile = num_tile_rows * num_tile_cols;
    const int row0 = ga_row_in_block();
    const int row_step = ga_block_rows();
    for (int i = blockIdx.x; i < block_nums; i += gridDim.x) {
        const int batch_index = i / batch_num_tile;
        const int tile_index = i - batch_index * batch_num_tile;
        const int tile_row_index = tile_index / num_tile_cols;
        const int tile_col_index = tile_index - tile_row_index * num_tile_cols;
        const long long offset = (long long)batch_index * rows * cols;
        for (int col_in_tile = threadIdx.x; col_in_tile < OF_TILE; col_in_tile += blockDim.x) {
            const int col_in_matrix = tile_col_index * OF_TILE + col_in_tile;
            for (int row_in_tile = row0; row_in_tile < OF_TILE; row_in_tile += row_step) {
                const int row_in_matrix = row_in_tile + tile_row_index * OF_TILE;
                if (col_in_matrix < cols && row_in_matrix < rows) {
                    tile[row_in_tile * (OF_TILE + 1) + col_in_tile] =
                        src[offset + (long long)row_in_matrix * cols + col_in_matrix];
                }
            }
        }
        __syncthreads();
        for (int col_in_tile = threadIdx.x; col_in_tile < OF_TILE; col_in_tile += blockDim.x) {
            const int col_in_matrix = tile_row_index * OF_TILE + col_in_tile;
            for (int row_in_tile = row0; row_in_tile < OF_TILE; row_in_tile += row_step) {
                const int row_in_matrix = row_in_tile + tile_col_index * OF_TILE;
                if (col_in_matrix < rows && row_in_matrix < cols) {
                    dst[offset + (long long)row_in_matrix * rows + col_in_matrix] =
                        tile[col_in_tile * (OF_TILE + 1) + row_in_tile];
                }
            }
        }
        __syncthreads();
    }
}
