// Shared-memory tiled matrix transpose out = in^T (issue 11 calibration set). Calibrates a
// kernel that stages data in shared memory so both its reads and its writes are coalesced.
// The tile is the block: by' = blockDim.y * blockDim.z rows by bx = blockDim.x columns of
// `in`. Each thread reads in[row][col] (x -> column, coalesced) into tile[ty][tx]; after the
// barrier the block's bx x by' tile of `out` is written row by row in linear thread order, so
// consecutive threads write consecutive addresses of `out` whatever the block shape. Rows of
// the tile are padded by one element (pitch bx + 1) so a column walk does not hit one bank.
// Dynamic shared memory: 4 * by' * (bx + 1) bytes. Every thread reaches the barrier.
#include "common.cuh"

extern "C" __global__ void transpose_tiled(const float* __restrict__ in, float* __restrict__ out,
                                           int rows, int cols) {
    extern __shared__ float tile[];
    const int bx = blockDim.x;
    const int by = ga_block_rows();
    const int pitch = bx + 1;
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();
    const int row0 = blockIdx.y * by;
    const int col0 = blockIdx.x * bx;
    if (row0 + ty < rows && col0 + tx < cols) {
        tile[ty * pitch + tx] = in[(size_t)(row0 + ty) * cols + col0 + tx];
    }
    __syncthreads();
    // The out tile has bx rows (in's columns col0..) of by' elements (in's rows row0..).
    const int t = (int)ga_tid();
    const int out_row = t / by;  // 0 .. bx-1
    const int out_col = t % by;  // 0 .. by'-1
    if (col0 + out_row < cols && row0 + out_col < rows) {
        out[(size_t)(col0 + out_row) * rows + row0 + out_col] = tile[out_col * pitch + out_row];
    }
}
