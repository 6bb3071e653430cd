// The first half-step of HOOMD-blue's velocity-Verlet NVE integrator, gpu_nve_step_one_kernel
// (glotzerlab/hoomd-blue, hoomd/md/TwoStepNVEGPU.cu, behind TwoStepNVEGPU::integrateStepOne:
// the start of every time step of an MD run integrating a group with the NVE method, here the
// whole system) (blind check set 56: written after calibration, never fitted on). As in HOOMD
// (Scalar double, its default build): one thread a member of the group, the particle's Scalar4
// position-and-type (32 B) and velocity-and-mass (32 B) and its Scalar3 acceleration (24 B,
// zero when zero_force) read, dx = vel deltaT + 1/2 accel deltaT^2 (its length limited to
// limit_val when limit), pos += dx, vel += 1/2 accel deltaT, its int3 image (12 B) read and
// BoxDim::wrap applied (per axis: past hi + tilt one box length back and the image up one,
// below lo + tilt one forward and the image down one; the y and z wraps carrying the tilt into
// x (and y)), then the position, velocity (type and mass kept) and image written back in place;
// the host's block_size threads on nwork / block_size + 1 blocks. Departures: the block the
// sweep's, any shape (linearized); the group the whole system (HOOMD's all group, whose member
// list d_group_members is 0, 1, .., N - 1: idx = group_idx, the identity load dropped, the
// manifest having no permutation to draw); BoxDim as its lo, hi and tilt factors xy, xz, yz (L
// = hi - lo), periodic in all three directions (m_periodic's checks and wrap's flags dropped);
// Scalar4, Scalar3 and int3 as structs of the same layout (32 B, 16 B aligned; 24 B; 12 B);
// limit's sqrtf as sqrt; the bool flags as int; deltaT a power of two (1/8, where LJ runs take
// 0.005) and a cubic box (tilts 0). Ported from the published source. Exact: whole-number
// positions, velocities and accelerations with deltaT 1/8 (every value a short dyadic
// fraction). 1-D: the block is linearized, one thread a particle.
#include "common.cuh"

struct alignas(16) hoomd_scalar4 {  // Scalar4 (double4)
    double x, y, z, w;
};
struct hoomd_scalar3 {  // Scalar3 (double3)
    double x, y, z;
};
struct hoomd_int3 {  // int3
    int x, y, z;
};

extern "C" __global__ void hoomd_nve_step_one(double* d_pos_words, double* d_vel_words,
                                              const double* d_accel_words, int* d_image_words,
                                              const unsigned int nwork,
                                              const unsigned int offset, const double lo_x,
                                              const double lo_y, const double lo_z,
                                              const double hi_x, const double hi_y,
                                              const double hi_z, const double xy,
                                              const double xz, const double yz,
                                              const double deltaT, const int limit,
                                              const double limit_val, const int zero_force) {
    hoomd_scalar4* d_pos = reinterpret_cast<hoomd_scalar4*>(d_pos_words);
    hoomd_scalar4* d_vel = reinterpret_cast<hoomd_scalar4*>(d_vel_words);
    const hoomd_scalar3* d_accel = reinterpret_cast<const hoomd_scalar3*>(d_accel_words);
    hoomd_int3* d_image = reinterpret_cast<hoomd_int3*>(d_image_words);

    // determine which particle this thread works on
    long long work_idx = ga_linear();

    if (work_idx < nwork) {
        const unsigned int group_idx = work_idx + offset;
        unsigned int idx = group_idx;  // d_group_members[group_idx] of the all group

        // do velocity verlet update
        // r(t+deltaT) = r(t) + v(t)*deltaT + (1/2)a(t)*deltaT^2
        // v(t+deltaT/2) = v(t) + (1/2)a*deltaT

        // read the particle's position
        hoomd_scalar4 postype = d_pos[idx];
        double pos_x = postype.x, pos_y = postype.y, pos_z = postype.z;

        // read the particle's velocity and acceleration
        hoomd_scalar4 velmass = d_vel[idx];
        double vel_x = velmass.x, vel_y = velmass.y, vel_z = velmass.z;

        hoomd_scalar3 accel = {0.0, 0.0, 0.0};
        if (!zero_force) accel = d_accel[idx];

        // update the position
        double dx_x = vel_x * deltaT + (1.0 / 2.0) * accel.x * deltaT * deltaT;
        double dx_y = vel_y * deltaT + (1.0 / 2.0) * accel.y * deltaT * deltaT;
        double dx_z = vel_z * deltaT + (1.0 / 2.0) * accel.z * deltaT * deltaT;

        // limit the movement of the particles
        if (limit) {
            double len = sqrt(dx_x * dx_x + dx_y * dx_y + dx_z * dx_z);
            if (len > limit_val) {
                dx_x = dx_x / len * limit_val;
                dx_y = dx_y / len * limit_val;
                dx_z = dx_z / len * limit_val;
            }
        }

        pos_x += dx_x;
        pos_y += dx_y;
        pos_z += dx_z;

        // update the velocity
        vel_x += (1.0 / 2.0) * accel.x * deltaT;
        vel_y += (1.0 / 2.0) * accel.y * deltaT;
        vel_z += (1.0 / 2.0) * accel.z * deltaT;

        // read in the particle's image
        hoomd_int3 image = d_image[idx];

        // fix the periodic boundary conditions (BoxDim::wrap)
        const double L_x = hi_x - lo_x, L_y = hi_y - lo_y, L_z = hi_z - lo_z;
        double tilt_x = (xz - xy * yz) * pos_z + xy * pos_y;
        if (pos_x >= hi_x + tilt_x) {
            pos_x -= L_x;
            image.x++;
        } else if (pos_x < lo_x + tilt_x) {
            pos_x += L_x;
            image.x--;
        }
        double tilt_y = yz * pos_z;
        if (pos_y >= hi_y + tilt_y) {
            pos_y -= L_y;
            pos_x -= L_y * xy;
            image.y++;
        } else if (pos_y < lo_y + tilt_y) {
            pos_y += L_y;
            pos_x += L_y * xy;
            image.y--;
        }
        if (pos_z >= hi_z) {
            pos_z -= L_z;
            pos_x -= L_z * xz;
            pos_y -= L_z * yz;
            image.z++;
        } else if (pos_z < lo_z) {
            pos_z += L_z;
            pos_x += L_z * xz;
            pos_y += L_z * yz;
            image.z--;
        }

        // write out the results
        d_pos[idx] = {pos_x, pos_y, pos_z, postype.w};
        d_vel[idx] = {vel_x, vel_y, vel_z, velmass.w};
        d_image[idx] = image;
    }
}
