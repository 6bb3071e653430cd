// Plenoxels' (svox2) geometric L-infinity distance propagation, accel_dist_prop_kernel
// (sxyu/svox2, svox2/csrc/misc_kernel.cu, launched by accel_dist_prop in the same file after
// accel_dist_set_kernel: the sparse grid's links array, where an empty cell (a negative link)
// is given minus one minus the number of coarser occupancy levels it climbs before one of its
// parent cells is occupied, the skip distance svox2's ray marcher uses to leap empty space)
// (blind check set 86: written after calibration, never fitted on). As in svox2: tid the
// thread's index below sx sy sz, z = tid % sz, y = (tid / sz) % sy, x = tid / sz / sy; a cell
// with a link >= 0 left alone; else result = -1 and, while all three sizes exceed 1, the
// coordinates halved (>> 1), the sizes halved rounding up (((s - 1) >> 1) + 1), the level's
// flag read at x sy' sz' + y sz' + z of the current level, a set flag ending the walk, else
// result decremented and the next level begun past this one's sx' sy' sz' flags; the link
// overwritten with result; the host's 256 threads (MISC_CUDA_THREADS) on cdiv(sx sy sz, 256)
// blocks. Departures: the block the sweep's, any shape (linearized); the flag tree bool as
// int32 (nonzero set; the manifest has no 1 B type), given as input (accel_dist_set_kernel's output in svox2), the buffer
// as large as the grid (only its first levels' flags read); the sizes as int scalars (the
// accessor's sizes in the source). Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: integer arithmetic. 1-D: one thread a
// cell, a 4 B load (a warp's 128 B contiguous) and for an empty cell a per-thread loop of 4 B
// flag loads up the levels (a warp's lanes on 16, then 8, 4, ... distinct words) and a 4 B store.
#include "common.cuh"

extern "C" __global__ void svox2_dist_prop(int* grid, const int* tmp, int size_x,
                                           int size_y, int size_z) {
    const long long t = ga_linear();
    if (t >= (long long)size_x * size_y * size_z) return;
    const int cell = (int)t;
    int sx = size_x, sy = size_y, sz = size_z;
    int z = cell % sz;
    const int rest = cell / sz;
    int y = rest % sy;
    int x = rest / sy;
    if (grid[cell] >= 0) return;
    const int* level = tmp;
    int result = -1;
    while (sx > 1 && sy > 1 && sz > 1) {
        x >>= 1;
        y >>= 1;
        z >>= 1;
        sx = ((sx - 1) >> 1) + 1;
        sy = ((sy - 1) >> 1) + 1;
        sz = ((sz - 1) >> 1) + 1;
        if (level[(x * sy + y) * sz + z]) break;
        --result;
        level += sx * sy * sz;
    }
    grid[cell] = result;
}
