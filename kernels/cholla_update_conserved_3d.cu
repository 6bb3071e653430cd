// The conservative update of a 3-D hydrodynamics step, Cholla's Update_Conserved_Variables_3D
// (cholla-hydro/cholla, src/hydro/hydro_cuda.cu, behind VL_Algorithm_3D_CUDA in
// src/integrators/VL_3D_cuda.cu: the last kernel of every van Leer time step, after the
// reconstruction and the Riemann solves have filled the three interface-flux arrays) (blind
// check set 60: written after calibration, never fitted on). As in Cholla built without SCALAR,
// DE, DENSITY_FLOOR, STATIC_GRAV and GRAVITY (five fields: density, three momenta, energy,
// each a plane of n_cells = nx ny nz Reals): one thread a cell id, zid = id / (nx ny), yid =
// (id - zid nx ny) / nx, xid the rest, and for a real cell (n_ghost from every face) each field
// += dt/dx (F_x[imo] - F_x[id]) + dt/dy (F_y[jmo] - F_y[id]) + dt/dz (F_z[kmo] - F_z[id]) with
// imo, jmo and kmo the cell's neighbours 1, nx and nx ny cells back; the host's TPB (256)
// threads on cdiv(n_cells, TPB) blocks. Departures: the block the sweep's, any shape
// (linearized); the arguments the plain build reads (the interface states, offsets, bounds,
// gamma, field count, gravity flag, density floor and potential dropped); the crash printf
// dropped; Real double. Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: whole-number fluxes and fields, dyadic dt / dx, dt /
// dy, dt / dz. 1-D: the block is linearized, one thread a cell.
#include "common.cuh"

extern "C" __global__ void cholla_update_conserved_3d(double* dev_conserved,
                                                      const double* __restrict__ dev_F_x,
                                                      const double* __restrict__ dev_F_y,
                                                      const double* __restrict__ dev_F_z,
                                                      int nx, int ny, int nz, int n_ghost,
                                                      double dx, double dy, double dz,
                                                      double dt) {
    const double dtodx = dt / dx;
    const double dtody = dt / dy;
    const double dtodz = dt / dz;
    const int n_cells = nx * ny * nz;

    const int id = (int)ga_linear();
    const int zid = id / (nx * ny);
    const int yid = (id - zid * nx * ny) / nx;
    const int xid = id - zid * nx * ny - yid * nx;
    const int imo = xid - 1 + yid * nx + zid * nx * ny;
    const int jmo = xid + (yid - 1) * nx + zid * nx * ny;
    const int kmo = xid + yid * nx + (zid - 1) * nx * ny;

    if (xid > n_ghost - 1 && xid < nx - n_ghost && yid > n_ghost - 1 && yid < ny - n_ghost &&
        zid > n_ghost - 1 && zid < nz - n_ghost) {
        for (int f = 0; f < 5; f++) {
            const int o = f * n_cells;
            dev_conserved[o + id] += dtodx * (dev_F_x[o + imo] - dev_F_x[o + id]) +
                                     dtody * (dev_F_y[o + jmo] - dev_F_y[o + id]) +
                                     dtodz * (dev_F_z[o + kmo] - dev_F_z[o + id]);
        }
    }
}
