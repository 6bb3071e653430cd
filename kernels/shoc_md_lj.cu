// Lennard-Jones forces from a neighbour list, SHOC's MD benchmark compute_lj_force<float,
// float4, float4, false, texReader> (shoc/src/cuda/level1/md/MD.cu: the kernel SHOC times,
// the LJ pair force of LAMMPS's pair_lj_cut summed over each atom's neighbours), one atom per
// thread (blind check set 31: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind31/ once recorded). Atom idx reads its position (a float4), then for
// each of its neighCount neighbours the index neighList[j inum + idx] (SHOC's list is
// neighbour-major: the warp's lanes read neighbouring words) and the neighbour's position
// (a 16 B gather from a random atom), and inside the cutoff (r^2 < cutsq) adds the pair
// force r2inv r6inv (lj1 r6inv - lj2) times the separation; then stores the force (a float4,
// w zero). SHOC's useTexture = false path (plain global loads); changes: a bounds test on idx
// (SHOC's atom count is a multiple of the block) and r^2 > 0 with the cutoff test (the random
// neighbour lists here hold an atom's own index or an atom at the same place, which SHOC's
// lists built from its lattice never do). Per thread: a 16 B load, neighCount 4 B index
// loads and 16 B gathers (the position table, 16 MiB, fits in L2), some 7 FMAs, and inside
// the cutoff a division and 8 more; one 16 B store. float32 (the division and the float
// sums: the manifest's tolerance). 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void shoc_md_lj(float* __restrict__ force, const float* __restrict__ pos,
                                      const int neighCount, const int* __restrict__ neighList,
                                      const float cutsq, const float lj1, const float lj2,
                                      const int inum) {
    float4* force3 = reinterpret_cast<float4*>(force);
    const float4* position = reinterpret_cast<const float4*>(pos);
    const long long idx = ga_linear();  // blockIdx.x * blockDim.x + threadIdx.x
    if (idx >= inum) return;

    // Position of this thread's atom
    float4 ipos = position[idx];

    // Force accumulator
    float4 f = {0.0f, 0.0f, 0.0f, 0.0f};

    int j = 0;
    while (j < neighCount) {
        int jidx = neighList[j * inum + idx];
        float4 jpos = position[jidx];

        // Calculate distance
        float delx = ipos.x - jpos.x;
        float dely = ipos.y - jpos.y;
        float delz = ipos.z - jpos.z;
        float r2inv = delx * delx + dely * dely + delz * delz;

        // If distance is less than cutoff, calculate force
        // and add to accumulator
        if (r2inv < cutsq && r2inv > 0.0f) {
            r2inv = 1.0f / r2inv;
            float r6inv = r2inv * r2inv * r2inv;
            float forceC = r2inv * r6inv * (lj1 * r6inv - lj2);

            f.x += delx * forceC;
            f.y += dely * forceC;
            f.z += delz * forceC;
        }
        j++;
    }

    // store the results
    force3[idx] = f;
}
