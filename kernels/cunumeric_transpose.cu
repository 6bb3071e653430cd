// cuNumeric's transpose_2d_logical<float> (nv-legate/cunumeric, src/cunumeric/matrix/transpose.cu,
// launched by TransposeImplBody<VariantKind::GPU> in the same file: numpy.transpose of a 2-D
// array materialized (a logical transpose) on cuNumeric's GPU variant) (blind check set 85:
// written after calibration, never fitted on). As in cuNumeric: a TILE_DIM x (TILE_DIM + 1)
// shared tile; x = blockIdx.y TILE_DIM + threadIdx.y (the input row), y = blockIdx.x TILE_DIM +
// threadIdx.x (the input column); where y is in bounds, tile[threadIdx.y + i][threadIdx.x] =
// in[x + i, y] for i from 0 below TILE_DIM in steps of BLOCK_ROWS (each row tested only when
// the tile crosses the last input row); a barrier; then x = blockIdx.x TILE_DIM + threadIdx.y
// (the output row), y = blockIdx.y TILE_DIM + threadIdx.x, out[x + i, y] =
// tile[threadIdx.x][threadIdx.y + i] likewise; the host's TILE_DIM x BLOCK_ROWS = 32 x 8 threads
// on cdiv(n, 32) x cdiv(m, 32) blocks (an m x n input). Departures: the block the sweep's, any
// shape (TILE_DIM read as bx, the tile bx x bx in dynamic shared memory, BLOCK_ROWS as by*bz
// with z folded in, a tile row past bx skipped where by*bz does not divide bx); the Legion
// accessors and the rectangles' lo and hi as dense C-order arrays from the origin; float only;
// offsets in 64 bits. Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: copies. 2-D, shared memory, a per-block work split: a
// block a bx x bx tile, each thread bx / (by*bz) rows: 4 B loads and stores (a warp's 128 B
// contiguous in both), the transposing done through the padded tile.
#include "common.cuh"

extern "C" __global__ void cunumeric_transpose(float* out, const float* in, long long m,
                                               long long n) {
    extern __shared__ float cn_tile[];  // bx rows of bx + 1 floats
    const int tile = blockDim.x;
    const int pitch = tile + 1;
    const int rows = ga_block_rows();
    const int ty = ga_row_in_block();
    long long x = (long long)blockIdx.y * tile + ty;
    long long y = (long long)blockIdx.x * tile + threadIdx.x;
    if (y < n) {
        if ((long long)(blockIdx.y + 1) * tile - 1 < m) {
            for (int i = 0; ty + i < tile; i += rows)
                cn_tile[(ty + i) * pitch + threadIdx.x] = in[(x + i) * n + y];
        } else {
            for (int i = 0; ty + i < tile; i += rows)
                if (x + i < m) cn_tile[(ty + i) * pitch + threadIdx.x] = in[(x + i) * n + y];
        }
    }
    __syncthreads();
    x = (long long)blockIdx.x * tile + ty;
    y = (long long)blockIdx.y * tile + threadIdx.x;
    if (y < m) {
        if ((long long)(blockIdx.x + 1) * tile - 1 < n) {
            for (int i = 0; ty + i < tile; i += rows)
                out[(x + i) * m + y] = cn_tile[threadIdx.x * pitch + ty + i];
        } else {
            for (int i = 0; ty + i < tile; i += rows)
                if (x + i < n) out[(x + i) * m + y] = cn_tile[threadIdx.x * pitch + ty + i];
        }
    }
}
