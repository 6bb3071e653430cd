// The particles' grid hash, the CUDA Samples' particles calcHashD with calcGridPos and
// calcGridHash (Samples/5_Domain_Specific/particles/particles_kernel_impl.cuh) (blind check
// set 36: written after calibration, never fitted on). As in the sample: index from __umul24,
// the early return past numParticles, the float4 position loaded whole, the grid cell
// floorf((p - worldOrigin) / cellSize) per axis, wrapped by & (gridSize - 1) (a power of 2),
// the hash __umul24(__umul24(z, gridSize.y), gridSize.x) + __umul24(y, gridSize.x) + x, the
// hash and the particle's index stored. Departures: the __constant__ SimParams fields
// arguments; cdiv(numParticles, threads) blocks of any shape (linearized) instead of the
// sample's computeGridSize(numParticles, 256); the volatile on the loaded float4 dropped.
// Written from memory of the sample. 1-D: one particle per thread.
#include "common.cuh"

extern "C" __global__ void cus_particles_hash(unsigned* gridParticleHash,
                                              unsigned* gridParticleIndex, const float* pos,
                                              unsigned numParticles, float originX,
                                              float originY, float originZ, float cellX,
                                              float cellY, float cellZ, int gridX, int gridY,
                                              int gridZ) {
    const unsigned index = __umul24(blockIdx.x, ga_nthreads()) + ga_tid();
    if (index >= numParticles) return;
    const float4 p = reinterpret_cast<const float4*>(pos)[index];

    // calcGridPos
    int gx = floorf((p.x - originX) / cellX);
    int gy = floorf((p.y - originY) / cellY);
    int gz = floorf((p.z - originZ) / cellZ);

    // calcGridHash
    gx = gx & (gridX - 1);
    gy = gy & (gridY - 1);
    gz = gz & (gridZ - 1);
    const unsigned hash = __umul24(__umul24(gz, gridY), gridX) + __umul24(gy, gridX) + gx;

    gridParticleHash[index] = hash;
    gridParticleIndex[index] = index;
}
