// One explicit Euler step of the Allen-Cahn equation, the phase-field model of materials
// science (antiphase-boundary motion, grain coarsening and solidification fronts: the
// finite-difference phase-field codes of MOOSE's and PRISMS-PF's benchmark problems and of
// the GPU phase-field literature), with the isotropic nine-point Laplacian read straight
// from global memory (blind check set 18: written after calibration, never fitted on; its
// sweeps go to fixtures/hopper/blind18/ once recorded). On a periodic grid of order
// parameters phi (spacing h): lap = (4 (N + S + E + W) + (NE + NW + SE + SW) - 20 phi) /
// (6 h^2) (the Oono-Puri stencil, less grid anisotropy than the five-point one), the
// double-well derivative f'(phi) = phi^3 - phi, and phi' = phi + dt (eps2 lap - f'(phi)).
// Periodic borders: the neighbours wrap around (row 0's north is the last row). Per thread:
// nine 4 B loads from three rows (a warp's row segment and its two neighbours, shared with
// the neighbouring lanes and rows of the block: L1 hits), about fifteen floating-point
// operations, one contiguous 4 B store. No shared memory. float32: within the manifest's
// tolerance of the reference's float64. x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void allen_cahn9(const float* __restrict__ phi, float* __restrict__ out,
                                       int rows, int cols, float dt, float eps2,
                                       float inv_6h2) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    const int rn = r == 0 ? rows - 1 : r - 1;
    const int rs = r == rows - 1 ? 0 : r + 1;
    const int cw = c == 0 ? cols - 1 : c - 1;
    const int ce = c == cols - 1 ? 0 : c + 1;
    const float* north = phi + (long long)rn * cols;
    const float* row = phi + (long long)r * cols;
    const float* south = phi + (long long)rs * cols;
    const float p = row[c];
    const float edges = north[c] + south[c] + row[ce] + row[cw];
    const float corners = north[ce] + north[cw] + south[ce] + south[cw];
    const float lap = (4.0f * edges + corners - 20.0f * p) * inv_6h2;
    const float dfdphi = p * p * p - p;
    out[(long long)r * cols + c] = p + dt * (eps2 * lap - dfdphi);
}
