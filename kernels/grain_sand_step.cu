// grain's gpu_step (medakk/grain, src/grain_sim.cu, launched by GrainSim::step with a 16 x 16
// block on (N / 16) x (N / 16) blocks: an interactive falling-sand game on an N x N grid of
// cells, sand falling straight down or sliding down a diagonal, one frame a launch from one
// buffer into the other) (blind check set 115: written after calibration, never fitted on).
// As in grain: x = blockIdx.x blockDim.x + threadIdx.x, y = blockIdx.y blockDim.y +
// threadIdx.y, threads past the grid do nothing; a blank cell turns to sand if the cell above
// is sand, or, when the cell below is sand or the floor ("blocked"), if the right (then the
// left) neighbour and the cell above it are both sand, else stays blank; a sand cell turns
// blank if the cell below is blank, or if its lower-left (then lower-right) diagonal is
// inside the grid and not sand, else stays sand; any other cell becomes undefined.
// Departures: the block any shape (x the column; y*z the row, z folded in), the grain types
// renumbered (blank 0, sand 1, undefined 2 for the source's colour words 0xff000000,
// 0xffc4a75c and 0xffff00ff), the two diagonal tests of a blank cell given the row above only
// where y > 0 (the source reads row -1 there, outside the buffer), 64-bit cell offsets.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none
// of its text). Exact: comparisons and copies. 2-D, no shared memory: per thread a 4 B load
// of its cell, then up to five 4 B neighbour loads from the rows above and below (a warp's
// 128 B contiguous a row, shared with the neighbouring lanes and rows through L1), and one
// 4 B store (a warp's 128 B contiguous).
#include "common.cuh"

extern "C" __global__ void grain_sand_step(const unsigned int* cells_in, unsigned int* cells_out,
                                           int n) {
    const unsigned int blank = 0u, sand = 1u, undefined = 2u;
    const int x = ga_col();
    const int y = ga_row();
    if (x >= n || y >= n) return;
    const long long w = n;
    const long long at = (long long)y * w + x;
    const unsigned int here = cells_in[at];
    unsigned int next = undefined;
    if (here == blank) {
        const bool below_full = y == n - 1 || cells_in[at + w] == sand;
        if (y != 0 && cells_in[at - w] == sand) {
            next = sand;
        } else if (below_full && y != 0 && x != n - 1 && cells_in[at - w + 1] == sand &&
                   cells_in[at + 1] == sand) {
            next = sand;
        } else if (below_full && y != 0 && x != 0 && cells_in[at - w - 1] == sand &&
                   cells_in[at - 1] == sand) {
            next = sand;
        } else {
            next = blank;
        }
    } else if (here == sand) {
        const bool left_full = x == 0 || y == n - 1 || cells_in[at + w - 1] == sand;
        const bool right_full = x == n - 1 || y == n - 1 || cells_in[at + w + 1] == sand;
        if (y != n - 1 && cells_in[at + w] == blank) {
            next = blank;
        } else if (!left_full) {
            next = blank;
        } else if (!right_full) {
            next = blank;
        } else {
            next = sand;
        }
    }
    cells_out[at] = next;
}
