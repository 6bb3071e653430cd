// Flashlight's batchTargetSizeKernel (flashlight/flashlight,
// flashlight/lib/sequence/criterion/cuda/CriterionUtils.cu, launched by
// CriterionUtils<Float>::batchTargetSize in the same file: the target lengths of a batch of
// padded label sequences for flashlight's CUDA ASR criteria (ForceAlignmentCriterion,
// FullConnectionCriterion), the length of a row being one past its last non-negative label,
// capped at maxSize) (blind check set 85: written after calibration, never fitted on). As in
// flashlight: one block a batch row b (blockIdx.x), a shared int idx zeroed by thread 0, a
// barrier, each thread walking the row from L - 1 - threadIdx.x down in steps of blockDim.x
// until its first label >= 0, which it atomicMax-es (i + 1) into idx and stops; a barrier; thread
// 0 stores min(idx, maxSize) to targetSize[b]; the host's 32 threads on B blocks. Departures:
// the block the sweep's, any shape (linearized: the thread's rank in the block and the block's
// thread count for threadIdx.x and blockDim.x); the static shared int as 4 B of dynamic shared
// memory; the row offset in 64 bits. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// integer comparisons and a shared-memory atomicMax (order-independent). 1-D, shared memory
// (one int), one block a row: a thread's 4 B loads blockDim apart walking back from the row's
// end (a warp's 128 B contiguous a step, descending), the block's threads stopping at their
// first label.
#include "common.cuh"

extern "C" __global__ void flashlight_target_size(int L, int maxSize, const int* target,
                                                  int* targetSize) {
    const int b = blockIdx.x;
    const int* row = target + (long long)b * L;
    const int tid = (int)ga_tid();
    const int nthreads = (int)ga_nthreads();
    extern __shared__ int fl_idx[];  // flashlight's one static shared int (4 B, dynamic here)
    int& idx = fl_idx[0];
    if (tid == 0) idx = 0;
    __syncthreads();
    for (int i = L - 1 - tid; i >= 0; i -= nthreads) {
        if (row[i] >= 0) {
            atomicMax(&idx, i + 1);
            break;
        }
    }
    __syncthreads();
    if (tid == 0) targetSize[b] = idx < maxSize ? idx : maxSize;
}
