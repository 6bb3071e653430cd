// Apache SINGA's KernelRowMax (apache/singa, src/core/tensor/math_kernel.cu, launched by
// singa::cuda::RowMax in the same file: the per-row maximum that SINGA's CUDA SoftMax
// subtracts before exponentiating) (blind check set 88: written after calibration, never
// fitted on). As in SINGA: a grid-stride loop, idx from blockIdx.x blockDim.x + threadIdx.x
// below nrow in steps of blockDim.x gridDim.x, the row's first value taken and then max-ed
// with its values 1 to ncol - 1 in order, out[idx] the maximum; the host's CU1DBLOCK = 1,024
// threads on ceil(nrow / 1024) blocks (the loop run once). Departures: the block the sweep's,
// any shape (linearized), a grid covering the rows (the loop kept); the size_t counts and the
// row offset (an int in SINGA) as 64-bit integers. Reimplemented from the published source
// (its indexing, arithmetic and control flow; none of its text). Exact: a maximum of whole
// numbers. 1-D, no shared memory: one thread a row, a per-thread loop of 4 B loads along its
// row (a warp's lanes ncol * 4 B apart: 32 rows, one word of each a step) and one 4 B store (a
// warp's 128 B contiguous).
#include "common.cuh"

extern "C" __global__ void singa_row_max(long long nrow, long long ncol, const float* inPtr,
                                         float* outPtr) {
    const long long stride = (long long)gridDim.x * ga_nthreads();
    for (long long idx = ga_linear(); idx < nrow; idx += stride) {
        const long long offset = idx * ncol;
        float maxval = inPtr[offset];
        for (long long k = 1; k < ncol; k++) {
            maxval = fmaxf(maxval, inPtr[offset + k]);
        }
        outPtr[idx] = maxval;
    }
}
