// A float sum in one launch, the CUDA Samples' threadFenceReduction (Samples/2_Concepts_and_
// Techniques/threadFenceReduction, threadFenceReduction_kernel.cuh: reduceSinglePass with
// reduceBlocks and reduceBlock) (blind check set 42: written after calibration, never fitted
// on). As in the sample: a capped grid (min(cdiv(n, 2 threads), maxBlocks 64) blocks: the
// sample's getNumBlocksAndThreads), each thread summing g_idata[i] and g_idata[i + blockSize]
// for i from blockIdx.x 2 blockSize + tid in steps of the grid's 2 blockSize gridDim.x; the
// block's sums reduced in shared memory (reduceBlock: each warp's lanes halving in shared
// memory with the tile synchronized between steps, then thread 0 adding the warps' first
// words), thread 0 storing the block's partial sum g_odata[blockIdx.x]; then __threadfence,
// thread 0 takes a ticket with atomicInc(&retirementCount, gridDim.x), and the block whose
// ticket is gridDim.x - 1 (the last to finish) reads every block's partial, reduces them the
// same way, stores the total in g_odata[0] and resets retirementCount to 0 for the next launch.
// Departures: blockSize the block's threads, any shape, linearized (a template parameter of
// powers of two in the sample); the warp steps read a lane only where the block has it (a
// partial last warp: the sample's blocks are powers of two), the tile's cg::sync __syncwarp;
// nIsPow2 false (the second load's bound test always made); the __device__ retirementCount a
// one-word buffer argument; the shared bool amLast the word after the block's sums in the one
// dynamic allocation. Written from memory. Integer data: exact. 1-D: the block is linearized.
#include "common.cuh"

#define CRS_VEC 32

// reduceBlock: the block's sums to sdata[0].
__device__ __forceinline__ void crs_reduce_block(volatile float* sdata, float mySum,
                                                 const unsigned int tid,
                                                 const unsigned int blockSize) {
    sdata[tid] = mySum;
    __syncwarp();

    const unsigned int vid = tid & (CRS_VEC - 1);
    float beta = mySum;
    float temp;

    for (int i = CRS_VEC / 2; i > 0; i >>= 1) {
        if (vid < i && tid + i < blockSize) {
            temp = sdata[tid + i];
            beta += temp;
            sdata[tid] = beta;
        }
        __syncwarp();
    }
    __syncthreads();

    if (tid == 0) {
        beta = 0;
        for (int i = 0; i < blockSize; i += CRS_VEC) {
            beta += sdata[i];
        }
        sdata[0] = beta;
    }
    __syncthreads();
}

extern "C" __global__ void cus_reduce_single_pass(const float* g_idata, float* g_odata,
                                                  unsigned int* retirementCount, unsigned int n) {
    extern __shared__ float sdata[];
    const unsigned int blockSize = ga_nthreads();
    const unsigned int tid = ga_tid();

    // PHASE 1: Process all inputs assigned to this block (reduceBlocks)
    {
        unsigned int i = blockIdx.x * (blockSize * 2) + tid;
        unsigned int gridSize = blockSize * 2 * gridDim.x;
        float mySum = 0;

        // we reduce multiple elements per thread. The number is determined by the number of
        // active thread blocks (via gridDim). More blocks will result in a larger gridSize and
        // therefore fewer elements per thread
        while (i < n) {
            mySum += g_idata[i];
            // ensure we don't read out of bounds
            if (i + blockSize < n) mySum += g_idata[i + blockSize];
            i += gridSize;
        }

        // do reduction in shared mem
        crs_reduce_block(sdata, mySum, tid, blockSize);

        // write result for this block to global mem
        if (tid == 0) g_odata[blockIdx.x] = sdata[0];
    }

    // PHASE 2: Last block finished will process all partial sums
    if (gridDim.x > 1) {
        unsigned int* amLast = reinterpret_cast<unsigned int*>(sdata + blockSize);

        // wait until all outstanding memory instructions in this thread are finished
        __threadfence();

        // Thread 0 takes a ticket
        if (tid == 0) {
            unsigned int ticket = atomicInc(retirementCount, gridDim.x);
            // If the ticket ID is equal to the number of blocks, we are the last block!
            *amLast = (ticket == gridDim.x - 1);
        }
        __syncthreads();

        // The last block sums the results of all other blocks
        if (*amLast) {
            int i = tid;
            float mySum = 0;

            while (i < gridDim.x) {
                mySum += g_odata[i];
                i += blockSize;
            }

            crs_reduce_block(sdata, mySum, tid, blockSize);

            if (tid == 0) {
                g_odata[0] = sdata[0];

                // reset retirement count so that next run succeeds
                *retirementCount = 0;
            }
        }
    }
}
