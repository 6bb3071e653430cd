// One lattice-Boltzmann time step (D2Q9, BGK collision, pull streaming, periodic domain) on
// a float32 lattice stored as nine planes (structure of arrays), as 2-D LBM fluid solvers
// run it: each cell gathers f_i from its neighbour at x - e_i in plane i, forms the density
// rho = sum f_i and velocity u = sum f_i e_i / rho, and writes f_i - omega (f_i - feq_i) with
// feq_i = w_i rho (1 + 3 e_i.u + 4.5 (e_i.u)^2 - 1.5 u.u) (blind check set 10: kept out of every
// fit; its sweeps go to fixtures/hopper/blind10/ once recorded). Directions 0..8: (0, 0),
// (1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (-1, -1), (1, -1) as (column, row) steps.
// One thread per cell: nine 4 B loads (contiguous across the warp, shifted by at most one
// column and row: L1/L2 hits for the neighbours' lines), two divisions' worth of arithmetic,
// nine contiguous 4 B stores to the other lattice. x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void lbm_d2q9(const float* __restrict__ f_in, float* __restrict__ f_out,
                                    int rows, int cols, float omega) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    const int ex[9] = {0, 1, 0, -1, 0, 1, -1, -1, 1};
    const int ey[9] = {0, 0, 1, 0, -1, 1, 1, -1, -1};
    const float w[9] = {4.0f / 9, 1.0f / 9, 1.0f / 9, 1.0f / 9, 1.0f / 9,
                        1.0f / 36, 1.0f / 36, 1.0f / 36, 1.0f / 36};
    const long long plane = (long long)rows * cols;
    float f[9];
    float rho = 0.0f, mx = 0.0f, my = 0.0f;
#pragma unroll
    for (int i = 0; i < 9; ++i) {
        int sr = r - ey[i], sc = c - ex[i];
        sr = sr < 0 ? rows - 1 : (sr >= rows ? 0 : sr);
        sc = sc < 0 ? cols - 1 : (sc >= cols ? 0 : sc);
        f[i] = f_in[i * plane + (long long)sr * cols + sc];
        rho += f[i];
        mx += ex[i] * f[i];
        my += ey[i] * f[i];
    }
    const float ux = mx / rho, uy = my / rho;
    const float usq = 1.5f * (ux * ux + uy * uy);
    const long long cell = (long long)r * cols + c;
#pragma unroll
    for (int i = 0; i < 9; ++i) {
        const float eu = 3.0f * (ex[i] * ux + ey[i] * uy);
        const float feq = w[i] * rho * (1.0f + eu + 0.5f * eu * eu - usq);
        f_out[i * plane + cell] = f[i] - omega * (f[i] - feq);
    }
}
