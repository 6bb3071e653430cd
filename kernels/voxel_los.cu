// Straight-line collision check of motion-planning edges against a 3-D occupancy grid: for
// each segment between two voxel centres (a roadmap or tree edge of a sampling-based
// planner, as OMPL's discrete motion validator or a lidar's ray casting asks it), the first
// occupied voxel the segment passes through, by an exact integer 3-D DDA (Amanatides and
// Woo's voxel traversal with the crossing parameters compared by cross-multiplication), one
// thread per segment with an early exit (blind check set 20: written after calibration,
// never fitted on; its sweeps go to fixtures/hopper/blind20/ once recorded). The grid is g^3
// voxels of 8-bit occupancy probabilities, z-major (voxel (x, y, z) at (z g + y) g + x; the
// bytes travel in 32-bit words), a voxel occupied where its byte is at least `thresh`. A
// segment is an int2 of two voxel indices, from and to. From (x0, y0, z0) to (x1, y1, z1),
// with a = |x1 - x0| (and b, c for y and z) the walk takes a + b + c unit steps; after i
// steps along x the next x boundary lies at the parameter (2 i + 1) / (2 a), so x steps
// before y when (2 i + 1) b <= (2 j + 1) a (x before y before z on a tie: the segment
// passes an edge or a corner); each voxel entered is loaded and tested, the start voxel not.
// Out: hit[s] = the index of the first occupied voxel entered, -1 where the segment is free
// (the whole walk done). Per thread: one contiguous 8 B load, then a loop of data-dependent
// length (to the first hit, 6 of the 256 byte values being occupied, or the segment's end;
// a warp runs as long as its longest lane), per step six integer multiplies, the branches of
// the axis choice and a 1 B load at a data-dependent address of a 16 MiB L2-resident grid
// (the next voxel: often the same line as the last); one contiguous 4 B store. No shared
// memory. Integer arithmetic: exact (voxel indices and products in int32 for g up to 1290).
// 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void voxel_los(const int* __restrict__ segments,
                                     const unsigned* __restrict__ occ_words,
                                     int* __restrict__ hit, long long n, int g, int thresh) {
    const long long s = ga_linear();
    if (s >= n) {
        return;
    }
    const int2 seg = reinterpret_cast<const int2*>(segments)[s];
    const unsigned char* occ = reinterpret_cast<const unsigned char*>(occ_words);
    const int plane = g * g;
    int x = seg.x % g, y = (seg.x / g) % g, z = seg.x / plane;
    const int x1 = seg.y % g, y1 = (seg.y / g) % g, z1 = seg.y / plane;
    const int sx = x1 >= x ? 1 : -1, sy = y1 >= y ? 1 : -1, sz = z1 >= z ? 1 : -1;
    const int a = abs(x1 - x), b = abs(y1 - y), c = abs(z1 - z);
    int i = 0, j = 0, k = 0;  // steps taken along x, y and z
    int found = -1;
    for (int step = a + b + c; step > 0; --step) {
        const bool xy = (2 * i + 1) * b <= (2 * j + 1) * a;
        const bool xz = (2 * i + 1) * c <= (2 * k + 1) * a;
        const bool yz = (2 * j + 1) * c <= (2 * k + 1) * b;
        if (i < a && (j == b || xy) && (k == c || xz)) {
            x += sx;
            ++i;
        } else if (j < b && (k == c || yz)) {
            y += sy;
            ++j;
        } else {
            z += sz;
            ++k;
        }
        const int v = (z * g + y) * g + x;
        if (occ[v] >= thresh) {
            found = v;
            break;
        }
    }
    hit[s] = found;
}
