// Ideal-gas equation of state, CloverLeaf's ideal_gas kernel (UK-MAC CloverLeaf's
// ideal_gas_kernel: pressure and sound speed of every cell from its density and specific
// internal energy, gamma 1.4) (blind check set 43: written after calibration, never fitted
// on). Per cell of the x_min..x_max by y_min..y_max interior of arrays with CloverLeaf's halo
// of two cells: v = 1 / density, pressure = (1.4 - 1) density energy, pressurebyenergy =
// (1.4 - 1) density, pressurebyvolume = -density pressure, sound_speed_squared = v^2
// (pressure pressurebyenergy - pressurebyvolume), soundspeed = sqrt(sound_speed_squared).
// Departures: the two-loop Fortran/OpenMP kernel (and the CUDA port's 1-D __kernel_indexes
// launch over the whole padded array) written as one thread per interior cell of a 2-D grid
// (j from x, k from y, as the offload ports collapse the loops), x_max and y_max arguments,
// the halo offsets added to the indices. Written from memory. float64: rtol 1e-12 (FMA
// contraction; the division and square root correctly rounded). x -> j, y*z -> k.
#include "common.cuh"

extern "C" __global__ void clover_ideal_gas(const double* __restrict__ density,
                                            const double* __restrict__ energy,
                                            double* __restrict__ pressure,
                                            double* __restrict__ soundspeed, const int x_max,
                                            const int y_max) {
    const int j = ga_col();
    const int k = ga_row();
    if (j >= x_max || k >= y_max) return;

    const int row = x_max + 4;
    const int idx = (k + 2) * row + (j + 2);

    const double d = density[idx];
    const double e = energy[idx];
    const double v = 1.0 / d;
    const double p = (1.4 - 1.0) * d * e;
    const double pressurebyenergy = (1.4 - 1.0) * d;
    const double pressurebyvolume = -d * p;
    const double sound_speed_squared =
        v * v * (p * pressurebyenergy - pressurebyvolume);
    pressure[idx] = p;
    soundspeed[idx] = sqrt(sound_speed_squared);
}
