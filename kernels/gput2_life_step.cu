// GPU-T2's gameOfLifeKernel (fjararibet/GPU-T2, src/cuda.cu, launched by
// GameOfLifeCuda::tick with a 16 x 16 block on cdiv(m, 16) x cdiv(n, 16) blocks: a course
// assignment's Conway's Game of Life on an int grid, one generation a launch, cells past the
// grid's edges counted dead) (blind check set 115: written after calibration, never fitted
// on). As in GPU-T2: curr_col = blockIdx.x blockDim.x + threadIdx.x, curr_row =
// blockIdx.y blockDim.y + threadIdx.y, threads past the n x m grid do nothing, the live
// cells among the eight neighbours inside the grid counted (rows, then columns, skipping
// the cell itself), the new cell 1 where the count is 3 or a live cell has 2 or 3, else 0.
// Departures: the block any shape (x the column; y*z the row, z folded in), 64-bit cell
// offsets. Reimplemented from the published source (its indexing, arithmetic and control
// flow; none of its text). Exact: integer counts. 2-D, no shared memory: per thread up to
// nine 4 B loads of its 3 x 3 window (a warp's 128 B contiguous a window row, shared with
// the neighbouring lanes and rows through L1) and one 4 B store (a warp's 128 B contiguous).
#include "common.cuh"

extern "C" __global__ void gput2_life_step(const int* cells_in, int* cells_out, int n, int m) {
    const int col = ga_col();
    const int row = ga_row();
    if (row >= n || col >= m) return;
    int alive = 0;
    for (int r = row - 1; r <= row + 1; ++r) {
        if (r < 0 || r >= n) continue;
        for (int c = col - 1; c <= col + 1; ++c) {
            if (c < 0 || c >= m) continue;
            if (r == row && c == col) continue;
            if (cells_in[(long long)r * m + c] != 0) ++alive;
        }
    }
    const long long at = (long long)row * m + col;
    int next = (cells_in[at] != 0) && (alive == 2 || alive == 3);
    if (alive == 3) next = 1;
    cells_out[at] = next;
}
