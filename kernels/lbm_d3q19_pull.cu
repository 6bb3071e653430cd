// One time step of a D3Q19 lattice-Boltzmann flow through a porous medium, the BGK collision
// with full-way bounce-back on obstacle cells of SPEC CPU's 470.lbm and Parboil's lbm, in the
// "pull" form of GPU LBM codes (waLBerla's and Wellein's pull scheme: each cell gathers its
// 19 populations from its neighbours, collides, and writes its own cell), periodic in every
// direction (blind check set 23: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind23/ once recorded). The populations are float32 in structure-of-arrays
// layout, f[q][z][y][x] (x fastest), 19 planes of the whole lattice in and 19 out; flags[z][y][x]
// marks obstacle cells (0) and fluid (anything else). The velocities c_q: 0 at rest, 1-6 the
// faces (+x, -x, +y, -y, +z, -z), 7-18 the edges (+x+y, -x-y, +x-y, -x+y, +x+z, -x-z, +x-z,
// -x+z, +y+z, -y-z, +y-z, -y+z): each odd q > 0 and the next one opposite; weights 1/3, 1/18,
// 1/36. Pull: g_q = f_q(x - c_q) (the wrapped neighbour's plane q). An obstacle cell reflects:
// out_q = g_opp(q). A fluid cell: rho = sum g_q, u = sum c_q g_q / rho, feq_q = w_q rho (1 + 3
// c_q.u + 4.5 (c_q.u)^2 - 1.5 u.u), out_q = g_q + omega (feq_q - g_q). Per thread: one 4 B
// flag load, 19 4 B loads each from its own plane at the cell shifted by c_q (a warp's lanes
// read 128 contiguous bytes a plane, one row, plane or both away for 12 of them: the block's
// other rows, L1, or the neighbouring grid layers' rows, L2; the x shifts straddle two
// sectors), the moments and 19 equilibria in registers (about 200 float operations) and 19
// contiguous 4 B stores. No shared memory. Offsets in 32 bits (19 planes of fewer than 2^31
// populations in all). float32 (the manifest's tolerance). x -> x,
// y*z -> y, blockIdx.z -> z (one grid layer per plane of cells).
#include "common.cuh"

#define LBM_Q 19

// The velocities' components (compile-time constants: the loops below are unrolled).
#define LBM_CX {0, 1, -1, 0, 0, 0, 0, 1, -1, 1, -1, 1, -1, 1, -1, 0, 0, 0, 0}
#define LBM_CY {0, 0, 0, 1, -1, 0, 0, 1, -1, -1, 1, 0, 0, 0, 0, 1, -1, 1, -1}
#define LBM_CZ {0, 0, 0, 0, 0, 1, -1, 0, 0, 0, 0, 1, -1, -1, 1, 1, -1, -1, 1}

extern "C" __global__ void lbm_d3q19_pull(const float* __restrict__ f_in,
                                          float* __restrict__ f_out,
                                          const unsigned* __restrict__ flags, int nx, int ny,
                                          int nz, float omega) {
    const int x = ga_col();
    const int y = ga_row();
    const int z = blockIdx.z;
    if (x >= nx || y >= ny || z >= nz) {
        return;
    }
    const int cx[LBM_Q] = LBM_CX, cy[LBM_Q] = LBM_CY, cz[LBM_Q] = LBM_CZ;
    // 32-bit offsets: the lattice's 19 planes hold fewer than 2^31 populations
    const int plane = nx * ny;
    const int cells = plane * nz;
    const int cell = z * plane + y * nx + x;
    // the wrapped neighbours' coordinates (periodic), one back and one on along each axis
    const int xs[3] = {x == nx - 1 ? 0 : x + 1, x, x == 0 ? nx - 1 : x - 1};
    const int ys[3] = {(y == ny - 1 ? 0 : y + 1) * nx, y * nx, (y == 0 ? ny - 1 : y - 1) * nx};
    const int zs[3] = {(z == nz - 1 ? 0 : z + 1) * plane, z * plane,
                       (z == 0 ? nz - 1 : z - 1) * plane};
    float g[LBM_Q];
#pragma unroll
    for (int q = 0; q < LBM_Q; ++q) {  // g_q = f_q(x - c_q): index 1 - c picks the neighbour
        g[q] = f_in[q * cells + zs[1 + cz[q]] + ys[1 + cy[q]] + xs[1 + cx[q]]];
    }
    float* out = f_out + cell;
    if (flags[cell] == 0) {  // obstacle: bounce back (q > 0: the odd q and q + 1 opposite)
        out[0] = g[0];
#pragma unroll
        for (int q = 1; q < LBM_Q; q += 2) {
            out[q * cells] = g[q + 1];
            out[(q + 1) * cells] = g[q];
        }
        return;
    }
    float rho = 0.0f, jx = 0.0f, jy = 0.0f, jz = 0.0f;
#pragma unroll
    for (int q = 0; q < LBM_Q; ++q) {
        rho += g[q];
        jx += cx[q] * g[q];
        jy += cy[q] * g[q];
        jz += cz[q] * g[q];
    }
    const float ux = jx / rho, uy = jy / rho, uz = jz / rho;
    const float usq = 1.5f * (ux * ux + uy * uy + uz * uz);
#pragma unroll
    for (int q = 0; q < LBM_Q; ++q) {
        const float w = q == 0 ? 1.0f / 3.0f : (q < 7 ? 1.0f / 18.0f : 1.0f / 36.0f);
        const float cu = cx[q] * ux + cy[q] * uy + cz[q] * uz;
        const float feq = w * rho * (1.0f + 3.0f * cu + 4.5f * cu * cu - usq);
        out[q * cells] = g[q] + omega * (feq - g[q]);
    }
}
