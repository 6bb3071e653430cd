// The gradient of a gather_nd, nnabla-ext-cuda's gather_nd_cuda::backward (sony/nnabla-ext-
// cuda, src/nbla/cuda/function/generic/gather_nd.cu, behind GatherNdCuda::backward_impl: the
// backward pass of F.gather_nd on the GPU, each gathered slice's gradient added back into the
// source position its index column names) (blind check set 70: written after calibration,
// never fitted on). As in nnabla: NBLA_CUDA_KERNEL_LOOP over y_size, slice_length = y_size /
// idx_cols, index_column = tid / slice_length, x_offset = tid - index_column slice_length plus,
// for each of the idx_rows index rows m, index = idx_data[m idx_cols + index_column] wrapped
// by x_shape[m] when negative, times x_stride[m]; atomic_add(&x_grad[x_offset],
// y_grad[tid]) below x_size; the host's NBLA_CUDA_LAUNCH_KERNEL_SIMPLE: 512 threads on
// cuda_get_blocks_by_size(y_size) blocks (at most 65,536, the loop taking the rest).
// Departures: the block the sweep's, any shape (linearized; the grid-stride loop kept, one
// pass at cdiv(y_size, threads) blocks); the source's shape and strides (nnabla's src_meta_
// device array) as scalars of a gather over its first two axes (idx_rows 2). Reimplemented
// from the published source (its indexing, arithmetic and control flow; none of its text).
// Exact: whole-number gradients, every atomic sum an integer far below 2^24, in any order.
// 1-D: the block is linearized, one thread a gathered value.
#include "common.cuh"

extern "C" __global__ void nnabla_gather_nd_bwd(int y_size, const float* __restrict__ y_grad,
                                                int x_size, float* __restrict__ x_grad,
                                                int x_shape0, int x_shape1, int x_stride0,
                                                int x_stride1,
                                                const int* __restrict__ idx_data,
                                                int idx_rows, int idx_cols) {
    const long long step = (long long)gridDim.x * ga_nthreads();
    for (long long t = ga_linear(); t < y_size; t += step) {
        const int tid = (int)t;
        const int slice_length = y_size / idx_cols;
        const int index_column = tid / slice_length;
        int x_offset = tid - index_column * slice_length;
        for (int m = 0; m < idx_rows; m++) {
            const int index = idx_data[m * idx_cols + index_column];
            const int shape = m == 0 ? x_shape0 : x_shape1;
            const int stride = m == 0 ? x_stride0 : x_stride1;
            x_offset += (index < 0 ? shape + index : index) * stride;
        }
        if (x_offset < x_size) {
            atomicAdd(&x_grad[x_offset], y_grad[tid]);
        }
    }
}
