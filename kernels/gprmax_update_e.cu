// The electric-field half step of a 3-D FDTD (Yee) simulation, gprMax's update_e kernel (the
// ground-penetrating-radar simulator's GPU solver: the normal, non-dispersive update of Ex,
// Ey and Ez from the curl of H with per-component material IDs and a coefficient table in
// constant memory), here for a heterogeneous soil model (blind check set 22: written after
// calibration, never fitted on; its sweeps go to fixtures/hopper/blind22/ once recorded).
// The six field components are float32 arrays of (nx + 1) x (ny + 1) x (nz + 1) points
// indexed (i, j, k), k fastest (gprMax's C-ordered numpy arrays); ID holds three uint32
// arrays of that shape, the material of the Ex, Ey and Ez node of each point (gprMax's ID[0],
// ID[1], ID[2]); the table below holds each material's update coefficients (gprMax's
// updatecoeffsE: CA, CB / dx, CB / dy, CB / dz, CB). With c = the table's row of the node's
// material:
//   Ex(i, j, k) = c0 Ex + c2 (Hz(i, j, k) - Hz(i, j - 1, k)) - c3 (Hy(i, j, k) - Hy(i, j, k - 1))
//     for i < nx, 0 < j < ny, 0 < k < nz;
//   Ey(i, j, k) = c0 Ey + c3 (Hx(i, j, k) - Hx(i, j, k - 1)) - c1 (Hz(i, j, k) - Hz(i - 1, j, k))
//     for 0 < i < nx, j < ny, 0 < k < nz;
//   Ez(i, j, k) = c0 Ez + c1 (Hy(i, j, k) - Hy(i - 1, j, k)) - c2 (Hx(i, j, k) - Hx(i, j - 1, k))
//     for 0 < i < nx, 0 < j < ny, k < nz;
// other nodes (the tangential E on the domain's faces: a perfect conductor) are left alone.
// In place: E is read and written at the thread's own node only and H is only read, so the
// update is race-free. One thread per point, whatever its updates. Per thread: up to three 4 B
// ID loads, three 4 B E loads and stores, and six 4 B H loads, the point itself and its
// neighbour one k back (the next lane's), one j back (a row, nz + 1 points, away: the block's
// other rows, L1) or one i back (a plane away: another grid layer, L2), so each H component is
// read at its own node and at two neighbours; the coefficients from constant memory at the
// node's material (lanes with different materials serialized); three fused multiply-adds a
// component. No shared memory. float32: the table's coefficients are dyadic and the test data
// integers, so every product and sum is exact. x -> k (the fastest dimension), y*z -> j,
// blockIdx.z -> i (one grid layer per plane of points).
#include "common.cuh"

#define GPRMAX_MATERIALS 16
#define GPRMAX_COEFFS 5

// updatecoeffsE of 16 materials: 0 a perfect electric conductor, 1 free space, 2-15 lossy
// soil; in units where eps0 / dt = 1 with cells dx : dy : dz = 1 : 2 : 4, EA = eps_r + sigma
// / 2 is 4 (materials 2-6), 8 (7-11) or 16 (12-15) and sigma = (m - 1) / 8, so that CA = (EA -
// sigma) / EA and CB = 1 / EA are dyadic.
__constant__ float gprmax_coeffs_e[GPRMAX_MATERIALS * GPRMAX_COEFFS] = {
    0.0f, 0.0f, 0.0f, 0.0f, 0.0f,                      // 0: pec
    1.0f, 1.0f, 0.5f, 0.25f, 1.0f,                     // 1: free_space
    0.96875f, 0.25f, 0.125f, 0.0625f, 0.25f,           // 2
    0.9375f, 0.25f, 0.125f, 0.0625f, 0.25f,            // 3
    0.90625f, 0.25f, 0.125f, 0.0625f, 0.25f,           // 4
    0.875f, 0.25f, 0.125f, 0.0625f, 0.25f,             // 5
    0.84375f, 0.25f, 0.125f, 0.0625f, 0.25f,           // 6
    0.90625f, 0.125f, 0.0625f, 0.03125f, 0.125f,       // 7
    0.890625f, 0.125f, 0.0625f, 0.03125f, 0.125f,      // 8
    0.875f, 0.125f, 0.0625f, 0.03125f, 0.125f,         // 9
    0.859375f, 0.125f, 0.0625f, 0.03125f, 0.125f,      // 10
    0.84375f, 0.125f, 0.0625f, 0.03125f, 0.125f,       // 11
    0.9140625f, 0.0625f, 0.03125f, 0.015625f, 0.0625f, // 12
    0.90625f, 0.0625f, 0.03125f, 0.015625f, 0.0625f,   // 13
    0.8984375f, 0.0625f, 0.03125f, 0.015625f, 0.0625f, // 14
    0.890625f, 0.0625f, 0.03125f, 0.015625f, 0.0625f,  // 15
};

extern "C" __global__ void gprmax_update_e(const unsigned* __restrict__ ID, float* __restrict__ Ex,
                                           float* __restrict__ Ey, float* __restrict__ Ez,
                                           const float* __restrict__ Hx,
                                           const float* __restrict__ Hy,
                                           const float* __restrict__ Hz, int nx, int ny, int nz) {
    const int k = ga_col();
    const int j = ga_row();
    const int i = blockIdx.z;
    if (i > nx || j > ny || k > nz) {
        return;
    }
    const long long sj = nz + 1;                   // points between neighbours along j
    const long long si = (long long)(ny + 1) * sj;  // along i: a plane
    const long long points = (long long)(nx + 1) * si;
    const long long p = i * si + j * sj + k;
    if (i < nx && j > 0 && j < ny && k > 0 && k < nz) {
        const float* c = gprmax_coeffs_e + ID[p] * GPRMAX_COEFFS;
        Ex[p] = c[0] * Ex[p] + c[2] * (Hz[p] - Hz[p - sj]) - c[3] * (Hy[p] - Hy[p - 1]);
    }
    if (i > 0 && i < nx && j < ny && k > 0 && k < nz) {
        const float* c = gprmax_coeffs_e + ID[points + p] * GPRMAX_COEFFS;
        Ey[p] = c[0] * Ey[p] + c[3] * (Hx[p] - Hx[p - 1]) - c[1] * (Hz[p] - Hz[p - si]);
    }
    if (i > 0 && i < nx && j > 0 && j < ny && k < nz) {
        const float* c = gprmax_coeffs_e + ID[2 * points + p] * GPRMAX_COEFFS;
        Ez[p] = c[0] * Ez[p] + c[1] * (Hy[p] - Hy[p - si]) - c[2] * (Hx[p] - Hx[p - sj]);
    }
}
