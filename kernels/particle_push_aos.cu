// One explicit time step of charged particles in a uniform electric field, stored as an
// array of structures (blind check set 7: kept out of every fit; its sweeps go to
// fixtures/hopper/blind7/ once recorded), as in particle-in-cell and molecular dynamics codes:
// v += (charge * inv_mass * dt) E, then x += v dt, in place. A particle is eight floats
// (32 B: position, velocity, charge, inverse mass); each thread reads its eight fields and
// writes six, one scalar access at a time, so each warp instruction touches 4 B of 32
// different sectors 32 B apart (1 KiB), and the thread's later fields hit the sectors the
// first load brought into L1. Integer inputs and dt = 1/16 keep the results exact. Repeated
// timing launches keep moving the particles; the check runs once from the initial state.
// 1-D: the block is linearized.
#include "common.cuh"

struct ga_particle {
    float x, y, z;
    float vx, vy, vz;
    float charge, inv_mass;
};

extern "C" __global__ void particle_push_aos(float* __restrict__ particles, long long n,
                                             float ex, float ey, float ez, float dt) {
    const long long i = ga_linear();
    if (i < n) {
        ga_particle& p = reinterpret_cast<ga_particle*>(particles)[i];
        const float k = p.charge * p.inv_mass * dt;
        p.vx += k * ex;
        p.vy += k * ey;
        p.vz += k * ez;
        p.x += p.vx * dt;
        p.y += p.vy * dt;
        p.z += p.vz * dt;
    }
}
