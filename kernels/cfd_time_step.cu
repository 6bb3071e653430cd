// The Runge-Kutta stage update of Rodinia's cfd solver (euler3d.cu: cuda_time_step, the
// unstructured-grid finite-volume Euler solver's last kernel of each of its RK = 3 stages,
// after cuda_compute_flux), one cell per thread (blind check set 26: written after
// calibration, never fitted on; its sweeps go to fixtures/hopper/blind26/ once recorded).
// old_variables, variables and fluxes hold the NVAR = 5 conserved variables (density,
// momentum x, y, z, density energy) in structure-of-arrays order, variable v of cell i at i +
// v nelr; step_factors one float per cell (cuda_compute_step_factor's). For stage j: factor =
// step_factors[i] / float(RK + 1 - j), then variables[i + v nelr] = old_variables[i + v nelr]
// + factor fluxes[i + v nelr] for the five variables. Rodinia pads nelr to a multiple of its
// block and has no bounds test; here the grid covers nelr cells and the threads past it
// return. Per thread: eleven coalesced 4 B loads (the step factor and five planes each of the
// old variables and the fluxes, the planes nelr * 4 B apart), one division, five
// multiply-adds, five coalesced 4 B stores. No shared memory. float32 (the manifest's
// tolerance: the reference computes in float64). 1-D: the block is linearized.
#include "common.cuh"

#define CFD_RK 3
#define CFD_NDIM 3
#define CFD_VAR_DENSITY 0
#define CFD_VAR_MOMENTUM 1
#define CFD_VAR_DENSITY_ENERGY (CFD_VAR_MOMENTUM + CFD_NDIM)

extern "C" __global__ void cfd_time_step(int j, int nelr, const float* __restrict__ old_variables,
                                         float* __restrict__ variables,
                                         const float* __restrict__ step_factors,
                                         const float* __restrict__ fluxes) {
    const long long i = ga_linear();
    if (i >= nelr) {
        return;
    }
    const long long n = nelr;
    const float factor = step_factors[i] / float(CFD_RK + 1 - j);
    variables[i + CFD_VAR_DENSITY * n] =
        old_variables[i + CFD_VAR_DENSITY * n] + factor * fluxes[i + CFD_VAR_DENSITY * n];
    variables[i + CFD_VAR_DENSITY_ENERGY * n] =
        old_variables[i + CFD_VAR_DENSITY_ENERGY * n] +
        factor * fluxes[i + CFD_VAR_DENSITY_ENERGY * n];
    variables[i + (CFD_VAR_MOMENTUM + 0) * n] =
        old_variables[i + (CFD_VAR_MOMENTUM + 0) * n] +
        factor * fluxes[i + (CFD_VAR_MOMENTUM + 0) * n];
    variables[i + (CFD_VAR_MOMENTUM + 1) * n] =
        old_variables[i + (CFD_VAR_MOMENTUM + 1) * n] +
        factor * fluxes[i + (CFD_VAR_MOMENTUM + 1) * n];
    variables[i + (CFD_VAR_MOMENTUM + 2) * n] =
        old_variables[i + (CFD_VAR_MOMENTUM + 2) * n] +
        factor * fluxes[i + (CFD_VAR_MOMENTUM + 2) * n];
}
