// Point-in-polygon test of GPS points against one geofence polygon, as GPU spatial
// libraries (cuSpatial's point_in_polygon, geofencing and spatial-join filters) run it: the
// even-odd (crossing number) rule of W. R. Franklin's PNPOLY, inside[i] = 1 where a ray from
// point i towards +x crosses an odd number of the NV edges (v[j], v[j + 1]) (the last edge
// closes the ring), an edge counting where exactly one of its ends lies above the point and
// the crossing lies right of it (blind check set 12: written after calibration, never fitted
// on; its sweeps go to fixtures/hopper/blind12/ once recorded). Coordinates are integers on a
// 2^14 grid (fixed-point projected metres), and the crossing test is PNPOLY's
// px < xi + (xj - xi) (py - yi) / (yj - yi) multiplied out by yj - yi: int32 products below
// 2^28, exact. One thread per point: two contiguous 4 B loads (x and y arrays), a loop over
// the NV vertices (every lane reads the same vertex: broadcast L1 hits), compares and two
// multiplies an edge, one contiguous 4 B store. No shared memory. 1-D: the block is
// linearized.
#include "common.cuh"

extern "C" __global__ void pip_geofence(const int* __restrict__ px, const int* __restrict__ py,
                                        const int* __restrict__ vx, const int* __restrict__ vy,
                                        int* __restrict__ inside, long long n, int nv) {
    const long long i = ga_linear();
    if (i >= n) {
        return;
    }
    const int x = px[i], y = py[i];
    int xj = vx[nv - 1], yj = vy[nv - 1];
    bool in = false;
    for (int k = 0; k < nv; ++k) {
        const int xi = vx[k], yi = vy[k];
        if ((yi > y) != (yj > y)) {
            const int lhs = (x - xi) * (yj - yi);
            const int rhs = (xj - xi) * (y - yi);
            if (yj > yi ? lhs < rhs : lhs > rhs) {
                in = !in;
            }
        }
        xj = xi;
        yj = yi;
    }
    inside[i] = in ? 1 : 0;
}
