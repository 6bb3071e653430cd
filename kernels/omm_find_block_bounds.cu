// Bounding boxes of the 32-atom blocks of a molecular dynamics system, OpenMM's
// findBlockBounds (openmm platforms/cuda/src/kernels/findInteractingBlocks.cu, the first step
// of the nonbonded neighbour-list build, compiled with USE_PERIODIC for a rectangular box)
// (blind check set 38: written after calibration, never fitted on). As in OpenMM: a
// grid-stride loop over the atom blocks (index += blockDim.x gridDim.x), TILE_SIZE = 32 atoms
// a block from base = index TILE_SIZE, the first atom wrapped into the box
// (APPLY_PERIODIC_TO_POS: pos -= floor(pos / box) box), each later one wrapped to the
// periodic image nearest the running centre 0.5 (max + min)
// (APPLY_PERIODIC_TO_POS_WITH_CENTER: pos -= floor((pos - center) / box + 0.5) box) before the
// running min and max, the last block cut at numAtoms; blockSize = 0.5 (max - min) and
// center = 0.5 (max + min), then a second pass over the block's atoms for the largest
// squared distance from the centre (APPLY_PERIODIC_TO_DELTA: delta -= floor(delta / box +
// 0.5) box), its square root in center.w; the box, the centre and (blockSize.x + y + z,
// index) stored for the sort that follows, and thread 0 of block 0 clears
// rebuildNeighborList[0]. OpenMM's launch is executeKernel's: min(cdiv(work units, block
// size), numThreadBlocks) blocks, numThreadBlocks = 6 per SM on this architecture (4 on
// compute capability 6): a capped grid. Departures: the real4 box size and its inverse three
// floats each (the triclinic box vectors, unused for a rectangular box, dropped), the
// multiplications by the inverse box kept as in OpenMM; floorf and sqrtf spelled out (OpenMM
// compiles with --use_fast_math, this project compiles every kernel with plain -O3: IEEE
// square root); the block of any shape linearized. Written from memory and checked against
// OpenMM's public source. 1-D: one atom block per thread and loop trip (a warp's loads are
// 32 records of 16 B each 512 B apart).
#include "common.cuh"

#define OMM_TILE_SIZE 32

struct alignas(16) omm_real4 {  // OpenMM's real4 in single precision (CUDA's float4)
    float x, y, z, w;
};
struct alignas(8) omm_real2 {  // real2 (float2)
    float x, y;
};

extern "C" __global__ void omm_find_block_bounds(int numAtoms, float boxX, float boxY,
                                                 float boxZ, float invBoxX, float invBoxY,
                                                 float invBoxZ, const float* posqWords,
                                                 float* blockCenterWords,
                                                 float* blockBoundingBoxWords,
                                                 int* rebuildNeighborList,
                                                 float* sortedBlocksWords) {
    const omm_real4* posq = reinterpret_cast<const omm_real4*>(posqWords);
    omm_real4* blockCenter = reinterpret_cast<omm_real4*>(blockCenterWords);
    omm_real4* blockBoundingBox = reinterpret_cast<omm_real4*>(blockBoundingBoxWords);
    omm_real2* sortedBlocks = reinterpret_cast<omm_real2*>(sortedBlocksWords);
    const int nthreads = ga_nthreads();
    int index = blockIdx.x * nthreads + ga_tid();
    int base = index * OMM_TILE_SIZE;
    while (base < numAtoms) {
        omm_real4 pos = posq[base];
        // APPLY_PERIODIC_TO_POS(pos)
        pos.x -= floorf(pos.x * invBoxX) * boxX;
        pos.y -= floorf(pos.y * invBoxY) * boxY;
        pos.z -= floorf(pos.z * invBoxZ) * boxZ;
        omm_real4 minPos = pos;
        omm_real4 maxPos = pos;
        const int last = min(base + OMM_TILE_SIZE, numAtoms);
        for (int i = base + 1; i < last; i++) {
            pos = posq[i];
            // real4 center = 0.5f*(maxPos+minPos); APPLY_PERIODIC_TO_POS_WITH_CENTER
            const float cx = 0.5f * (maxPos.x + minPos.x);
            const float cy = 0.5f * (maxPos.y + minPos.y);
            const float cz = 0.5f * (maxPos.z + minPos.z);
            pos.x -= floorf((pos.x - cx) * invBoxX + 0.5f) * boxX;
            pos.y -= floorf((pos.y - cy) * invBoxY + 0.5f) * boxY;
            pos.z -= floorf((pos.z - cz) * invBoxZ + 0.5f) * boxZ;
            minPos.x = min(minPos.x, pos.x);
            minPos.y = min(minPos.y, pos.y);
            minPos.z = min(minPos.z, pos.z);
            minPos.w = 0.0f;
            maxPos.x = max(maxPos.x, pos.x);
            maxPos.y = max(maxPos.y, pos.y);
            maxPos.z = max(maxPos.z, pos.z);
            maxPos.w = 0.0f;
        }
        omm_real4 blockSize, center;
        blockSize.x = 0.5f * (maxPos.x - minPos.x);
        blockSize.y = 0.5f * (maxPos.y - minPos.y);
        blockSize.z = 0.5f * (maxPos.z - minPos.z);
        blockSize.w = 0.5f * (maxPos.w - minPos.w);
        center.x = 0.5f * (maxPos.x + minPos.x);
        center.y = 0.5f * (maxPos.y + minPos.y);
        center.z = 0.5f * (maxPos.z + minPos.z);
        center.w = 0.0f;
        for (int i = base; i < last; i++) {
            pos = posq[i];
            float dx = pos.x - center.x, dy = pos.y - center.y, dz = pos.z - center.z;
            // APPLY_PERIODIC_TO_DELTA(delta)
            dx -= floorf(dx * invBoxX + 0.5f) * boxX;
            dy -= floorf(dy * invBoxY + 0.5f) * boxY;
            dz -= floorf(dz * invBoxZ + 0.5f) * boxZ;
            center.w = max(center.w, dx * dx + dy * dy + dz * dz);
        }
        center.w = sqrtf(center.w);
        blockBoundingBox[index] = blockSize;
        blockCenter[index] = center;
        omm_real2 key;
        key.x = blockSize.x + blockSize.y + blockSize.z;
        key.y = (float)index;
        sortedBlocks[index] = key;
        index += nthreads * gridDim.x;
        base = index * OMM_TILE_SIZE;
    }
    if (blockIdx.x == 0 && ga_tid() == 0) rebuildNeighborList[0] = 0;
}
