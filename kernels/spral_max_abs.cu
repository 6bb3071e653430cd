// SPRAL SSIDS's cu_max_abs<double, 32> (ralna/spral, src/ssids/gpu/kernels/assemble.cu,
// launched by spral_ssids_max_abs in the same file, called as max_abs from the level loop of
// the GPU factorization in src/ssids/gpu/factor.f90: the largest absolute value of a level's
// L factor entries, which sets the relative threshold SSIDS's LDL^T pivoting uses when the
// user asks for no scaling) (blind check set 106: written after calibration, never fitted
// on). As in SPRAL: each thread's slot of a volatile shared array cleared, then a grid-stride
// loop from threadIdx.x + blockDim.x blockIdx.x keeping the largest fabs(u[i]) in the slot;
// a barrier; a tree for inc = 1, 2, 4, ... below the block size in which slot 2 inc t takes
// slot 2 inc t + inc where that is inside the block and larger, a barrier each step; thread 0
// storing the block's maximum to maxabs[blockIdx.x] where it is positive; the host's k =
// min(65535, (level_size - 1) / 256 + 1) blocks of 32 threads (the 32-thread instantiation,
// n being at most 1,024 k). Departures: the block the sweep's, any shape (linearized; the
// tree over the block's threads, its bounds test already fitting any size, the slots in
// dynamic shared memory, 8 threads B); the grid the host's k whatever the block; the second,
// single-block pass over the k partial maxima (a separate launch) left out. Reimplemented
// from the published source (its indexing, arithmetic and control flow; none of its text).
// Exact: absolute values and comparisons. 1-D, shared memory, a fixed grid and a grid-stride
// loop with a per-block reduction: an 8 B load a step (a warp's 256 B contiguous) and a
// shared read-modify-write, then a shared tree (a barrier a step) and one 8 B store a block.
#include "common.cuh"

extern "C" __global__ void spral_max_abs(long long n, const double* u, double* maxabs) {
    extern __shared__ double slots[];
    volatile double* tmax = slots;
    const unsigned tid = ga_tid();
    const unsigned size = ga_nthreads();
    tmax[tid] = 0.0;
    for (long long i = tid + (long long)size * blockIdx.x; i < n; i += (long long)size * gridDim.x) {
        const double v = fabs(u[i]);
        if (v > tmax[tid]) tmax[tid] = v;
    }
    __syncthreads();
    for (unsigned inc = 1; inc < size; inc *= 2) {
        if (2 * inc * tid + inc < size && tmax[2 * inc * tid + inc] > tmax[2 * inc * tid])
            tmax[2 * inc * tid] = tmax[2 * inc * tid + inc];
        __syncthreads();
    }
    if (tid == 0 && tmax[0] > 0.0) maxabs[blockIdx.x] = tmax[0];
}
