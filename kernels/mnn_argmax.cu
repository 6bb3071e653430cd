// The index of the largest value along an axis, MNN's ARGMAX (alibaba/MNN,
// source/backend/cuda/execution/ArgMaxExecution.cu, behind ArgMaxExecution::onExecute: the
// CUDA backend's ArgMax operator for an axis of at most ARG_REDUCE_NUM = 256 values (longer
// axes take its two-step kernels), e.g. the per-pixel class of a segmentation network's
// logits at the end of its graph) (blind check set 68: written after calibration, never
// fitted on). As in MNN: a grid-stride loop over count = outside inside outputs, idx_out = i /
// inside and idx_in = i % inside, the dim values of the axis inside apart from input +
// idx_out inside dim + idx_in, index 0 and maxValue the first, then for j = 1 .. dim - 1 a
// strictly larger value takes the index (the first maximum wins), output[idx_out inside +
// idx_in] = index (int); the host's runtime->blocks_num(count) blocks of threads_num() (128
// since MNN 1.2.1). Departures: the block the sweep's, any shape (linearized; the grid-stride
// loop kept, one pass at cdiv(count, threads) blocks). Reimplemented from the published
// source (its indexing, arithmetic and control flow; none of its text). Exact: comparisons.
// 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void mnn_argmax(const int count, const int outside, const int inside,
                                      const int dim, const float* __restrict__ input,
                                      int* __restrict__ output) {
    const long long stride = (long long)ga_nthreads() * gridDim.x;
    for (long long i = ga_linear(); i < count; i += stride) {
        const int idx_out = (int)(i / inside);
        const int idx_in = (int)(i % inside);
        int* outPtr = output + (long long)idx_out * inside + idx_in;
        const float* inpPtr = input + (long long)idx_out * inside * dim + idx_in;
        int index = 0;
        float maxValue = inpPtr[0];
        for (int j = 1; j < dim; j++) {
            const float value = inpPtr[(long long)j * inside];
            if (maxValue < value) {
                index = j;
                maxValue = value;
            }
        }
        outPtr[0] = index;
    }
}
