// Cell starts and ends of hash-sorted particles and the particles reordered, the CUDA
// Samples' particles reorderDataAndFindCellStartD (Samples/5_Domain_Specific/particles/
// particles_kernel_impl.cuh) (blind check set 36: written after calibration, never fitted
// on). As in the sample: index from __umul24, each thread's hash into sharedHash[tid + 1] and
// the previous particle's hash into sharedHash[0] by the block's first thread (not for
// particle 0), a barrier, where the hash differs from the previous one (or at particle 0) the
// cell's start and the previous cell's end stored, the last particle's cell end index + 1,
// then the particle's position and velocity gathered by its sorted index (float4 loads) and
// stored in sorted order. Departures: cdiv(numParticles, threads) blocks of any shape
// (linearized: the shared array blockSize + 1 words of dynamic shared memory, as the sample's
// launch gives it) instead of computeGridSize(numParticles, 256); the cooperative groups'
// cg::sync(cta) __syncthreads(); the sorted hashes passed as int32 words (the same bits; the
// manifest's sorted-pointer generator is int32). Written from memory of the sample. 1-D: one particle per
// thread.
#include "common.cuh"

extern "C" __global__ void cus_particles_reorder(unsigned* cellStart, unsigned* cellEnd,
                                                 float* sortedPos, float* sortedVel,
                                                 const int* sortedHashWords,
                                                 const unsigned* gridParticleIndex,
                                                 const float* oldPos, const float* oldVel,
                                                 unsigned numParticles) {
    extern __shared__ unsigned sharedHash[];  // blockSize + 1 elements
    const unsigned* gridParticleHash = reinterpret_cast<const unsigned*>(sortedHashWords);
    const unsigned tid = ga_tid();
    const unsigned index = __umul24(blockIdx.x, ga_nthreads()) + tid;

    unsigned hash = 0;
    if (index < numParticles) {
        hash = gridParticleHash[index];
        // the hash into shared memory so that each thread can see its neighbour's
        sharedHash[tid + 1] = hash;
        if (index > 0 && tid == 0) {
            // the first thread of the block loads the previous particle's hash
            sharedHash[0] = gridParticleHash[index - 1];
        }
    }
    __syncthreads();

    if (index < numParticles) {
        // a different hash from the previous particle's: the first particle of its cell and
        // the previous particle the last of its own
        if (index == 0 || hash != sharedHash[tid]) {
            cellStart[hash] = index;
            if (index > 0) cellEnd[sharedHash[tid]] = index;
        }
        if (index == numParticles - 1) cellEnd[hash] = index + 1;

        // the position and velocity in sorted order
        const unsigned sortedIndex = gridParticleIndex[index];
        const float4 p = reinterpret_cast<const float4*>(oldPos)[sortedIndex];
        const float4 v = reinterpret_cast<const float4*>(oldVel)[sortedIndex];
        reinterpret_cast<float4*>(sortedPos)[index] = p;
        reinterpret_cast<float4*>(sortedVel)[index] = v;
    }
}
