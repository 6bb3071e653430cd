// The flux computation of an unstructured-grid finite-volume Euler solver, Rodinia's cfd
// cuda_compute_flux (rodinia/cuda/cfd/euler3d.cu: the middle kernel of each Runge-Kutta
// step, between compute_step_factor and time_step), one cell per thread (blind check set 32:
// written after calibration, never fitted on; its sweeps go to fixtures/hopper/blind32/ once
// recorded). Cell i reads its five conserved variables (density, momentum x/y/z, density
// energy; structure of arrays, nelr values apart), derives its velocity, pressure
// ((GAMMA - 1)(rho E - rho |v|^2 / 2), GAMMA 1.4), speed of sound and flux contributions,
// then for each of its NNB = 4 faces reads the neighbour's index
// (elements_surrounding_elements[i + j nelr]) and the face normal (normals[i + (j + d NNB)
// nelr], d = x, y, z): a neighbour (nb >= 0) has its five variables gathered and its own
// velocity, pressure, speed of sound and flux contributions computed, and adds the
// artificial viscosity -|n| 0.2 0.5 (|v_i| + |v_nb| + c_i + c_nb) times the differences
// and the face-centred fluxes 0.5 n (F_nb + F_i); nb == -1 (a wing boundary) adds the
// pressure times the normal to the momentum fluxes; nb == -2 (the far field) adds 0.5 n
// (F_ff + F_i) from the far-field state; the five fluxes are stored. As Rodinia from memory
// (its device functions inlined by hand), changes: a bounds test on i (Rodinia pads nelr to
// the block), the variables passed as three arrays (density, momentum 3 x nelr, density
// energy: the manifest's random data draws one range an array, and a positive pressure needs
// the energy range above the others) and the far-field state and its flux contributions
// (Rodinia's __constant__ ff_variable and ff_flux_contribution_*) as two small arrays. Per
// thread: 5 contiguous 4 B loads of its variables, then per face a 4 B index load, three 4 B
// normal loads (contiguous), 5 4 B gathers from a random cell (the 20 MiB of variables: L2),
// ~70 FLOPs with four divisions and three sqrtf; 5 contiguous 4 B stores. float32 (divisions,
// square roots and cancelling sums: the manifest's tolerance). 1-D: the block is linearized.
#include "common.cuh"

#define GAMMA 1.4f
#define NDIM 3
#define NNB 4

struct cfd_float3 {
    float x, y, z;
};

__device__ __forceinline__ void compute_velocity(float density, cfd_float3 momentum, cfd_float3& velocity) {
    velocity.x = momentum.x / density;
    velocity.y = momentum.y / density;
    velocity.z = momentum.z / density;
}

__device__ __forceinline__ float compute_speed_sqd(cfd_float3 velocity) {
    return velocity.x * velocity.x + velocity.y * velocity.y + velocity.z * velocity.z;
}

__device__ __forceinline__ float compute_pressure(float density, float density_energy, float speed_sqd) {
    return (float(GAMMA) - float(1.0f)) * (density_energy - float(0.5f) * density * speed_sqd);
}

__device__ __forceinline__ float compute_speed_of_sound(float density, float pressure) {
    return sqrtf(float(GAMMA) * pressure / density);
}

__device__ __forceinline__ void compute_flux_contribution(float density, cfd_float3 momentum, float density_energy,
                                                          float pressure, cfd_float3 velocity, cfd_float3& fc_momentum_x,
                                                          cfd_float3& fc_momentum_y, cfd_float3& fc_momentum_z,
                                                          cfd_float3& fc_density_energy) {
    fc_momentum_x.x = velocity.x * momentum.x + pressure;
    fc_momentum_x.y = velocity.x * momentum.y;
    fc_momentum_x.z = velocity.x * momentum.z;

    fc_momentum_y.x = fc_momentum_x.y;
    fc_momentum_y.y = velocity.y * momentum.y + pressure;
    fc_momentum_y.z = velocity.y * momentum.z;

    fc_momentum_z.x = fc_momentum_x.z;
    fc_momentum_z.y = fc_momentum_y.z;
    fc_momentum_z.z = velocity.z * momentum.z + pressure;

    float de_p = density_energy + pressure;
    fc_density_energy.x = velocity.x * de_p;
    fc_density_energy.y = velocity.y * de_p;
    fc_density_energy.z = velocity.z * de_p;
}

extern "C" __global__ void rodinia_cfd_flux(int nelr, const int* __restrict__ elements_surrounding_elements,
                                            const float* __restrict__ normals,
                                            const float* __restrict__ density,
                                            const float* __restrict__ momentum,
                                            const float* __restrict__ energy,
                                            const float* __restrict__ ff_variable,
                                            const float* __restrict__ ff_flux, float* __restrict__ fluxes) {
    const float smoothing_coefficient = float(0.2f);
    const long long i = ga_linear();
    if (i >= nelr) return;

    int j, nb;
    cfd_float3 normal;
    float normal_len;
    float factor;

    float density_i = density[i];
    cfd_float3 momentum_i;
    momentum_i.x = momentum[i + 0 * nelr];
    momentum_i.y = momentum[i + 1 * nelr];
    momentum_i.z = momentum[i + 2 * nelr];

    float density_energy_i = energy[i];

    cfd_float3 velocity_i;
    compute_velocity(density_i, momentum_i, velocity_i);
    float speed_sqd_i = compute_speed_sqd(velocity_i);
    float speed_i = sqrtf(speed_sqd_i);
    float pressure_i = compute_pressure(density_i, density_energy_i, speed_sqd_i);
    float speed_of_sound_i = compute_speed_of_sound(density_i, pressure_i);
    cfd_float3 flux_contribution_i_momentum_x, flux_contribution_i_momentum_y, flux_contribution_i_momentum_z;
    cfd_float3 flux_contribution_i_density_energy;
    compute_flux_contribution(density_i, momentum_i, density_energy_i, pressure_i, velocity_i,
                              flux_contribution_i_momentum_x, flux_contribution_i_momentum_y,
                              flux_contribution_i_momentum_z, flux_contribution_i_density_energy);

    float flux_i_density = float(0.0f);
    cfd_float3 flux_i_momentum;
    flux_i_momentum.x = float(0.0f);
    flux_i_momentum.y = float(0.0f);
    flux_i_momentum.z = float(0.0f);
    float flux_i_density_energy = float(0.0f);

    cfd_float3 velocity_nb;
    float density_nb, density_energy_nb;
    cfd_float3 momentum_nb;
    cfd_float3 flux_contribution_nb_momentum_x, flux_contribution_nb_momentum_y, flux_contribution_nb_momentum_z;
    cfd_float3 flux_contribution_nb_density_energy;
    float speed_sqd_nb, speed_of_sound_nb, pressure_nb;

    // the far field (Rodinia's __constant__ ff_variable and ff_flux_contribution_*)
    const float ff_momentum_x = ff_variable[1];
    const float ff_momentum_y = ff_variable[2];
    const float ff_momentum_z = ff_variable[3];

#pragma unroll
    for (j = 0; j < NNB; j++) {
        nb = elements_surrounding_elements[i + j * nelr];
        normal.x = normals[i + (j + 0 * NNB) * nelr];
        normal.y = normals[i + (j + 1 * NNB) * nelr];
        normal.z = normals[i + (j + 2 * NNB) * nelr];
        normal_len = sqrtf(normal.x * normal.x + normal.y * normal.y + normal.z * normal.z);

        if (nb >= 0)  // a legitimate neighbor
        {
            density_nb = density[nb];
            momentum_nb.x = momentum[nb + 0 * nelr];
            momentum_nb.y = momentum[nb + 1 * nelr];
            momentum_nb.z = momentum[nb + 2 * nelr];
            density_energy_nb = energy[nb];
            compute_velocity(density_nb, momentum_nb, velocity_nb);
            speed_sqd_nb = compute_speed_sqd(velocity_nb);
            pressure_nb = compute_pressure(density_nb, density_energy_nb, speed_sqd_nb);
            speed_of_sound_nb = compute_speed_of_sound(density_nb, pressure_nb);
            compute_flux_contribution(density_nb, momentum_nb, density_energy_nb, pressure_nb, velocity_nb,
                                      flux_contribution_nb_momentum_x, flux_contribution_nb_momentum_y,
                                      flux_contribution_nb_momentum_z, flux_contribution_nb_density_energy);

            // artificial viscosity
            factor = -normal_len * smoothing_coefficient * float(0.5f) *
                     (speed_i + sqrtf(speed_sqd_nb) + speed_of_sound_i + speed_of_sound_nb);
            flux_i_density += factor * (density_i - density_nb);
            flux_i_density_energy += factor * (density_energy_i - density_energy_nb);
            flux_i_momentum.x += factor * (momentum_i.x - momentum_nb.x);
            flux_i_momentum.y += factor * (momentum_i.y - momentum_nb.y);
            flux_i_momentum.z += factor * (momentum_i.z - momentum_nb.z);

            // accumulate cell-centered fluxes
            factor = float(0.5f) * normal.x;
            flux_i_density += factor * (momentum_nb.x + momentum_i.x);
            flux_i_density_energy += factor * (flux_contribution_nb_density_energy.x + flux_contribution_i_density_energy.x);
            flux_i_momentum.x += factor * (flux_contribution_nb_momentum_x.x + flux_contribution_i_momentum_x.x);
            flux_i_momentum.y += factor * (flux_contribution_nb_momentum_y.x + flux_contribution_i_momentum_y.x);
            flux_i_momentum.z += factor * (flux_contribution_nb_momentum_z.x + flux_contribution_i_momentum_z.x);

            factor = float(0.5f) * normal.y;
            flux_i_density += factor * (momentum_nb.y + momentum_i.y);
            flux_i_density_energy += factor * (flux_contribution_nb_density_energy.y + flux_contribution_i_density_energy.y);
            flux_i_momentum.x += factor * (flux_contribution_nb_momentum_x.y + flux_contribution_i_momentum_x.y);
            flux_i_momentum.y += factor * (flux_contribution_nb_momentum_y.y + flux_contribution_i_momentum_y.y);
            flux_i_momentum.z += factor * (flux_contribution_nb_momentum_z.y + flux_contribution_i_momentum_z.y);

            factor = float(0.5f) * normal.z;
            flux_i_density += factor * (momentum_nb.z + momentum_i.z);
            flux_i_density_energy += factor * (flux_contribution_nb_density_energy.z + flux_contribution_i_density_energy.z);
            flux_i_momentum.x += factor * (flux_contribution_nb_momentum_x.z + flux_contribution_i_momentum_x.z);
            flux_i_momentum.y += factor * (flux_contribution_nb_momentum_y.z + flux_contribution_i_momentum_y.z);
            flux_i_momentum.z += factor * (flux_contribution_nb_momentum_z.z + flux_contribution_i_momentum_z.z);
        } else if (nb == -1)  // a wing boundary
        {
            flux_i_momentum.x += normal.x * pressure_i;
            flux_i_momentum.y += normal.y * pressure_i;
            flux_i_momentum.z += normal.z * pressure_i;
        } else if (nb == -2)  // a far field boundary
        {
            // ff_flux: momentum_x, momentum_y, momentum_z, density_energy (x, y, z each)
            factor = float(0.5f) * normal.x;
            flux_i_density += factor * (ff_momentum_x + momentum_i.x);
            flux_i_density_energy += factor * (ff_flux[9] + flux_contribution_i_density_energy.x);
            flux_i_momentum.x += factor * (ff_flux[0] + flux_contribution_i_momentum_x.x);
            flux_i_momentum.y += factor * (ff_flux[3] + flux_contribution_i_momentum_y.x);
            flux_i_momentum.z += factor * (ff_flux[6] + flux_contribution_i_momentum_z.x);

            factor = float(0.5f) * normal.y;
            flux_i_density += factor * (ff_momentum_y + momentum_i.y);
            flux_i_density_energy += factor * (ff_flux[10] + flux_contribution_i_density_energy.y);
            flux_i_momentum.x += factor * (ff_flux[1] + flux_contribution_i_momentum_x.y);
            flux_i_momentum.y += factor * (ff_flux[4] + flux_contribution_i_momentum_y.y);
            flux_i_momentum.z += factor * (ff_flux[7] + flux_contribution_i_momentum_z.y);

            factor = float(0.5f) * normal.z;
            flux_i_density += factor * (ff_momentum_z + momentum_i.z);
            flux_i_density_energy += factor * (ff_flux[11] + flux_contribution_i_density_energy.z);
            flux_i_momentum.x += factor * (ff_flux[2] + flux_contribution_i_momentum_x.z);
            flux_i_momentum.y += factor * (ff_flux[5] + flux_contribution_i_momentum_y.z);
            flux_i_momentum.z += factor * (ff_flux[8] + flux_contribution_i_momentum_z.z);
        }
    }

    fluxes[i + 0 * nelr] = flux_i_density;
    fluxes[i + 1 * nelr] = flux_i_momentum.x;
    fluxes[i + 2 * nelr] = flux_i_momentum.y;
    fluxes[i + 3 * nelr] = flux_i_momentum.z;
    fluxes[i + 4 * nelr] = flux_i_density_energy;
}
