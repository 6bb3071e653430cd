// Batched dot products, the CUDA Samples' scalarProd (NVIDIA/cuda-samples,
// Samples/2_Concepts_and_Techniques/scalarProd/scalarProd_kernel.cuh: scalarProdGPU), a block
// per vector pair (blind check set 30: written after calibration, never fitted on; its sweeps
// go to fixtures/hopper/blind30/ once recorded). Block b takes the pairs b, b + gridDim.x, ...:
// for each, the ACCUM_N = 1024 accumulators (the block's threads taking accumulators threadIdx.x,
// + blockDim.x, ...) each sum A[pos] B[pos] over the pair's elements pos = iAccum, + ACCUM_N,
// ...; the accumulators then meet in a tree over shared memory (strides 512 down to 1, a
// barrier before each) and thread 0 stores the pair's product. The result does not depend on
// the block (each accumulator's order is fixed, so is the tree). Changes: the block is
// linearized (threadIdx.x and blockDim.x become the thread's index and count in the block),
// cg::sync(cta) is __syncthreads(), and the static __shared__ accumResult[ACCUM_N] is 4 KiB of
// dynamic shared memory (whatever the block). Per pair: elementN / ACCUM_N trips for each
// accumulator, each two contiguous 4 B loads and an FMA; ten barriers; one 4 B store. float32:
// integer data keep every sum exact. 1-D: the block is linearized.
#include "common.cuh"

#define IMUL(a, b) __mul24(a, b)
#define ACCUM_N 1024

extern "C" __global__ void cus_scalar_prod(float* __restrict__ d_C, const float* __restrict__ d_A,
                                           const float* __restrict__ d_B, int vectorN,
                                           int elementN) {
    // Accumulators cache
    extern __shared__ float accumResult[];  // [ACCUM_N]
    const int tid = ga_tid();               // threadIdx.x
    const int nthreads = ga_nthreads();     // blockDim.x

    ////////////////////////////////////////////////////////////////////////////
    // Cycle through every pair of vectors,
    // taking into account that vector counts can be different
    // from total number of thread blocks
    ////////////////////////////////////////////////////////////////////////////
    for (int vec = blockIdx.x; vec < vectorN; vec += gridDim.x) {
        int vectorBase = IMUL(elementN, vec);
        int vectorEnd = vectorBase + elementN;

        ////////////////////////////////////////////////////////////////////////
        // Each accumulator cycles through vectors with
        // stride equal to number of total number of accumulators ACCUM_N
        ////////////////////////////////////////////////////////////////////////
        for (int iAccum = tid; iAccum < ACCUM_N; iAccum += nthreads) {
            float sum = 0;

            for (int pos = vectorBase + iAccum; pos < vectorEnd; pos += ACCUM_N)
                sum += d_A[pos] * d_B[pos];

            accumResult[iAccum] = sum;
        }

        ////////////////////////////////////////////////////////////////////////
        // Perform tree-like reduction of accumulators' results.
        // ACCUM_N has to be power of two at this stage
        ////////////////////////////////////////////////////////////////////////
        for (int stride = ACCUM_N / 2; stride > 0; stride >>= 1) {
            __syncthreads();

            for (int iAccum = tid; iAccum < stride; iAccum += nthreads)
                accumResult[iAccum] += accumResult[stride + iAccum];
        }

        __syncthreads();

        if (tid == 0) d_C[vec] = accumResult[0];
    }
}
