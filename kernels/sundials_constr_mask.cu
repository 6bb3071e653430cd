// The inequality-constraint check of an ODE or DAE solution, SUNDIALS' constrMaskKernel
// (LLNL/sundials, src/nvector/cuda/VectorKernels.cuh, behind N_VConstrMask_Cuda in
// src/nvector/cuda/nvector_cuda.cu: CVODE's, IDA's and KINSOL's constraint tests
// (cvCheckConstraints and the like) on every step when the user sets constraints) (blind
// check set 68: written after calibration, never fitted on). As in SUNDIALS: a block covers
// 2 blockDim.x entries, i = blockIdx.x 2 blockDim.x + threadIdx.x and i + blockDim.x, each
// below n tested, violated where (|c| > 1.5 and c x <= 0) or (|c| > 0.5 and c x < 0), m = 1.0
// or 0.0 stored and summed, the sums halved through shared memory (j from blockDim.x / 2,
// sum += shmem[tid + j] below j, a barrier a step), out[blockIdx.x] = the block's count
// (the host sums the partials: zero when every constraint holds); the host's blocks of the
// vector's block size on cdiv(n, 2 block) blocks, blockDim.x doubles of dynamic shared memory.
// Departures: the block the sweep's, any shape (linearized); the halving from the largest
// power of two below the block's threads, a step adding only partners inside the block (any
// block size; SUNDIALS' block sizes are powers of two); realtype double. Reimplemented from
// the published source (its indexing, arithmetic and control flow; none of its text). Exact:
// whole-number constraints and values (every product exact), counts of 0s and 1s. 1-D: the
// block is linearized, two entries a thread a block apart.
#include "common.cuh"

extern "C" __global__ void sundials_constr_mask(const double* __restrict__ c,
                                                const double* __restrict__ x,
                                                double* __restrict__ m,
                                                double* __restrict__ out, long long n) {
    extern __shared__ double shmem[];
    const unsigned tid = ga_tid();
    const unsigned threads = ga_nthreads();
    const long long i = (long long)blockIdx.x * (threads * 2) + tid;

    double sum = 0.0;
    if (i < n) {
        const bool test1 = (fabs(c[i]) > 1.5 && c[i] * x[i] <= 0.0) ||
                           (fabs(c[i]) > 0.5 && c[i] * x[i] < 0.0);
        m[i] = test1 ? 1.0 : 0.0;
        sum = m[i];
    }
    if (i + threads < n) {
        const long long k = i + threads;
        const bool test2 = (fabs(c[k]) > 1.5 && c[k] * x[k] <= 0.0) ||
                           (fabs(c[k]) > 0.5 && c[k] * x[k] < 0.0);
        m[k] = test2 ? 1.0 : 0.0;
        sum += m[k];
    }
    shmem[tid] = sum;
    __syncthreads();

    unsigned half = 1;
    while (2 * half < threads) {
        half *= 2;
    }
    for (unsigned j = half; j > 0; j >>= 1) {
        if (tid < j && tid + j < threads) {
            sum += shmem[tid + j];
            shmem[tid] = sum;
        }
        __syncthreads();
    }
    if (tid == 0) {
        out[blockIdx.x] = sum;
    }
}
