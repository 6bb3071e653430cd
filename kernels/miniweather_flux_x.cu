// The x-direction fluxes of miniWeather's dry, compressible, stratified atmosphere, the first
// loop of compute_tendencies_x (mrnorman/miniWeather: the flux computation each of the x
// direction's Runge-Kutta stages runs before the tendencies), one thread per cell interface
// (blind check set 42: written after calibration, never fitted on). As in miniWeather: for
// interface i (0 .. nx) of layer k (0 .. nz - 1), per variable (density, x and z momentum,
// density times potential temperature: the NUM_VARS planes of state, (nz + 2 hs) x (nx + 2 hs)
// each with a halo of hs = 2) the four cells i .. i + 3 of the row read (sten_size 4), the
// fourth-order interpolation -s0/12 + 7 s1/12 + 7 s2/12 - s3/12 and the third-derivative term
// -s0 + 3 s1 - 3 s2 + s3 for the hyperviscosity; r = vals[DENS] + hy_dens_cell[k + hs], u =
// vals[UMOM] / r, w = vals[WMOM] / r, t = (vals[RHOT] + hy_dens_theta_cell[k + hs]) / r, p = C0
// (r t)^gamma (C0 = 27.56..., gamma = cp / cv); the four fluxes r u, r u u + p, r u w and r u t
// less hv_coef d3 stored in the flux planes ((nz + 1) x (nx + 1) each), float64. Departures:
// the loops over k and i one thread each (the OpenACC / OpenMP offload versions collapse the
// same two loops), nx, nz and hv_coef (-hv_beta dx / (16 dt), computed before the loop in
// miniWeather) arguments, the hydrostatic arrays global buffers; the identifiers hs,
// sten_size, NUM_VARS, ID_*, C0 and gamm prefixed as macros. Written from memory. float64;
// the reference's rounding differs in contracted FMAs and pow's last bits: checked to 1e-12.
// x -> interface i, y*z -> layer k.
#include "common.cuh"

#define MW_NUM_VARS 4
#define MW_ID_DENS 0
#define MW_ID_UMOM 1
#define MW_ID_WMOM 2
#define MW_ID_RHOT 3
#define MW_HS 2
#define MW_STEN_SIZE 4
#define MW_C0 27.5629410929725921310572974482  // P = C0 (rho theta)^gamma
#define MW_GAMM 1.40027894002789400278940027894  // cp / cv

extern "C" __global__ void miniweather_flux_x(const double* state, const double* hy_dens_cell,
                                              const double* hy_dens_theta_cell, double* flux,
                                              int nx, int nz, double hv_coef) {
    const int i = ga_col();
    const int k = ga_row();
    if (i >= nx + 1 || k >= nz) return;

    double r, u, w, t, p, stencil[4], d3_vals[MW_NUM_VARS], vals[MW_NUM_VARS];
    // Use fourth-order interpolation from four cell averages to compute the value at the
    // interface in question
    for (int ll = 0; ll < MW_NUM_VARS; ll++) {
        for (int s = 0; s < MW_STEN_SIZE; s++) {
            int inds = ll * (nz + 2 * MW_HS) * (nx + 2 * MW_HS) + (k + MW_HS) * (nx + 2 * MW_HS) +
                       i + s;
            stencil[s] = state[inds];
        }
        // Fourth-order-accurate interpolation of the state
        vals[ll] = -stencil[0] / 12 + 7 * stencil[1] / 12 + 7 * stencil[2] / 12 - stencil[3] / 12;
        // First-order-accurate interpolation of the third spatial derivative of the state (for
        // artificial viscosity)
        d3_vals[ll] = -stencil[0] + 3 * stencil[1] - 3 * stencil[2] + stencil[3];
    }

    // Compute density, u-wind, w-wind, potential temperature, and pressure (r,u,w,t,p
    // respectively)
    r = vals[MW_ID_DENS] + hy_dens_cell[k + MW_HS];
    u = vals[MW_ID_UMOM] / r;
    w = vals[MW_ID_WMOM] / r;
    t = (vals[MW_ID_RHOT] + hy_dens_theta_cell[k + MW_HS]) / r;
    p = MW_C0 * pow((r * t), MW_GAMM);

    // Compute the flux vector
    flux[MW_ID_DENS * (nz + 1) * (nx + 1) + k * (nx + 1) + i] = r * u - hv_coef * d3_vals[MW_ID_DENS];
    flux[MW_ID_UMOM * (nz + 1) * (nx + 1) + k * (nx + 1) + i] =
        r * u * u + p - hv_coef * d3_vals[MW_ID_UMOM];
    flux[MW_ID_WMOM * (nz + 1) * (nx + 1) + k * (nx + 1) + i] =
        r * u * w - hv_coef * d3_vals[MW_ID_WMOM];
    flux[MW_ID_RHOT * (nz + 1) * (nx + 1) + k * (nx + 1) + i] =
        r * u * t - hv_coef * d3_vals[MW_ID_RHOT];
}
