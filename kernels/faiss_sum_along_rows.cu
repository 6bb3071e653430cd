// The row broadcast-add of FAISS's GPU L2 distances, sumAlongRows<float, true>
// (facebookresearch/faiss, faiss/gpu/utils/BroadcastSum.cu, behind runSumAlongRows in
// runL2Distance (Distance.cu): after the -2 q.c GEMM and the centroid norms added along the
// columns, each query's norm added to its row of the distance tile and the result clamped at
// zero, on every tile of a brute-force or IVF coarse-quantizer k-NN search and every k-means
// assignment step) (blind check set 56: written after calibration, never fitted on). As in
// FAISS: one block a row (row = blockIdx.x), thread 0 loading input[row] into the shared scalar
// sval, a barrier, then every thread reading it and walking the row's columns from threadIdx.x
// in steps of blockDim.x: a 4 B load of output[row][i], + val, clamped to 0 where below it
// (ZeroClamp), a 4 B store back in place; the host's min(cols, 1024) threads on one block a
// row. Departures: the block the sweep's, any shape (linearized: the thread of index 0 loads,
// the threads walk the columns from ga_tid() in steps of the block's threads); the static
// __shared__ T sval one dynamic allocation of 4 B; Tensor's row stride as cols (a contiguous
// tile); Math<float>::add and lt as + and <. Ported from the published source. Exact:
// whole-number distances and norms (exact sums; the clamp a comparison). 1-D: the block is
// linearized, one block a row of the tile.
#include "common.cuh"

extern "C" __global__ void faiss_sum_along_rows(const float* input, float* output, int cols) {
    extern __shared__ float faiss_sval[];  // __shared__ T sval

    int row = blockIdx.x;

    if (ga_tid() == 0) {
        faiss_sval[0] = input[row];
    }

    __syncthreads();

    float val = faiss_sval[0];

    // FIXME: speed up
    for (int i = ga_tid(); i < cols; i += ga_nthreads()) {
        float out = output[static_cast<long long>(row) * cols + i];
        out = out + val;
        out = out < 0.0f ? 0.0f : out;  // ZeroClamp

        output[static_cast<long long>(row) * cols + i] = out;
    }
}
