// One step of Conway's Game of Life on an int32 grid of 0/1 cells, cells outside the grid
// dead (blind check set 4: kept out of every fit, see fixtures/hopper/blind4/README.md). Nine
// int loads per thread from three rows, one store; a data-dependent but branch-free rule.
// x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void life_step(const int* __restrict__ in, int* __restrict__ out, int rows,
                                     int cols) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    int alive = 0;
    for (int dr = -1; dr <= 1; ++dr) {
        for (int dc = -1; dc <= 1; ++dc) {
            const int rr = r + dr, cc = c + dc;
            if ((dr != 0 || dc != 0) && rr >= 0 && rr < rows && cc >= 0 && cc < cols) {
                alive += in[(size_t)rr * cols + cc];
            }
        }
    }
    const int self = in[(size_t)r * cols + c];
    out[(size_t)r * cols + c] = (alive == 3 || (self && alive == 2)) ? 1 : 0;
}
