// Nearest ray-triangle intersection by brute force over a small mesh, the inner test of ray
// casting (Moller and Trumbore 1997: edge vectors, P = D x E2, det = E1 . P, u = T . P,
// Q = T x E1, v = D . Q, t = E2 . Q) as LiDAR and sensor simulators or view-factor codes
// run it against a handful of occluders with no acceleration structure (blind check set 15:
// written after calibration, never fitted on; its sweeps go to fixtures/hopper/blind15/ once
// recorded). Two-sided triangles; the barycentric tests are made before any division, as in
// the paper's culling branch (0 <= u <= det, v >= 0, u + v <= det, t > 0, with the signs of
// u, v and t flipped with det's when det < 0; det = 0: parallel, no hit), then t = t / det.
// Output: the nearest hit's distance along the ray in units of |D| (-1 for a miss) and the
// triangle's index (-1 for a miss; the first of equal distances). One thread per ray: two
// 12 B loads (origin, direction: three 4 B loads each, 12 B apart across a warp), then a
// loop over all triangles whose nine 4 B vertex loads are the same address for every lane
// (broadcast, L1 hits after the first warp), about 40 multiply-adds with early exits that
// differ between lanes, two contiguous 4 B stores. Small-integer coordinates keep every
// product and sum exact in float32 (below 2^24) and the division is correctly rounded, so
// the result is exact. No shared memory. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void ray_tri_nearest(const float* __restrict__ origins,
                                           const float* __restrict__ dirs,
                                           const float* __restrict__ tris, float* __restrict__ hit_t,
                                           int* __restrict__ hit_id, int nrays, int ntris) {
    const long long ray = ga_linear();
    if (ray >= nrays) {
        return;
    }
    const float ox = origins[3 * ray], oy = origins[3 * ray + 1], oz = origins[3 * ray + 2];
    const float dx = dirs[3 * ray], dy = dirs[3 * ray + 1], dz = dirs[3 * ray + 2];
    float best = -1.0f;
    int best_id = -1;
    for (int k = 0; k < ntris; ++k) {
        const float* v = tris + 9 * k;
        const float ax = v[0], ay = v[1], az = v[2];
        const float e1x = v[3] - ax, e1y = v[4] - ay, e1z = v[5] - az;
        const float e2x = v[6] - ax, e2y = v[7] - ay, e2z = v[8] - az;
        const float px = dy * e2z - dz * e2y;  // P = D x E2
        const float py = dz * e2x - dx * e2z;
        const float pz = dx * e2y - dy * e2x;
        float det = e1x * px + e1y * py + e1z * pz;
        if (det == 0.0f) {
            continue;  // parallel to the triangle's plane
        }
        const float sign = det < 0.0f ? -1.0f : 1.0f;
        det *= sign;
        const float tx = ox - ax, ty = oy - ay, tz = oz - az;  // T = O - V0
        const float u = sign * (tx * px + ty * py + tz * pz);
        if (u < 0.0f || u > det) {
            continue;
        }
        const float qx = ty * e1z - tz * e1y;  // Q = T x E1
        const float qy = tz * e1x - tx * e1z;
        const float qz = tx * e1y - ty * e1x;
        const float v_ = sign * (dx * qx + dy * qy + dz * qz);
        if (v_ < 0.0f || u + v_ > det) {
            continue;
        }
        const float t_num = sign * (e2x * qx + e2y * qy + e2z * qz);
        if (t_num <= 0.0f) {
            continue;  // behind the origin (or at it)
        }
        const float t = t_num / det;
        if (best_id < 0 || t < best) {
            best = t;
            best_id = k;
        }
    }
    hit_t[ray] = best;
    hit_id[ray] = best_id;
}
