// FlexFlow's mixture-of-experts group-by, gb_forward_kernel (flexflow/FlexFlow, src/ops/group_by.cu,
// launched by GroupBy::forward_task_with_dim in the same file: each sample's input row copied
// into the next free row of each of the k experts its gate chose, up to ceil(alpha k / n batch)
// rows an expert, the rest dropped) (blind check set 79: written after calibration, never fitted
// on). As in FlexFlow: thread 0 of each block walks the k batch_size assignments in order,
// exp_tensor_rows = ceil(alpha k / n batch_size) in float, expert = exp_assign[i]: a full expert
// marks the assignment dropped (a null row pointer), else the assignment gets the expert's next
// row (outputs[expert] + expert_idx[expert] data_dim) and the counter moves on; a barrier; then a
// grid-stride loop (CUDA_KERNEL_LOOP) over the k batch_size data_dim elements, element i of a
// kept assignment i / data_dim copied from input[(i / (k data_dim)) data_dim + i % data_dim] to
// its row's i % data_dim; the host's GET_BLOCKS(n) = min(cdiv(n, 1024), 32768) blocks of
// min(1024, n) threads (CUDA_NUM_THREADS, BLOCK_SIZE_LIMIT in include/cuda_helper.h).
// Departures: the block the sweep's, any shape (linearized: the loop from the block's linear
// thread in steps of all the grid's threads); the n expert tensors' device pointer array as one
// buffer of n tensors of exp_tensor_rows rows, the chosen rows as element offsets (-1 dropped) in
// dynamic shared memory (the source's static array of MAX_K x MAX_BATCH_SIZE = 128 pointers);
// the per-expert counters (a local int[MAX_N] in the source, which would need a stack frame) in
// shared memory after them. Reimplemented from the published source (its indexing, arithmetic
// and control flow; none of its text). Exact: copies. 1-D, shared memory: a serial pass over the
// 128 assignments by one thread a block, a barrier, then a grid-stride copy (4 B loads and stores,
// a warp's 128 B contiguous).
#include "common.cuh"

#define FF_MAX_K 2
#define FF_MAX_BATCH 64
#define FF_MAX_N 10

extern "C" __global__ void flexflow_group_by(const float* input, const int* exp_assign,
                                             float* outputs, int n, int k, float alpha,
                                             int batch_size, int data_dim) {
    extern __shared__ int ff_shared[];  // [FF_MAX_K * FF_MAX_BATCH] 8 B row offsets, counters
    long long* ff_rows = reinterpret_cast<long long*>(ff_shared);
    int* expert_idx = ff_shared + 2 * FF_MAX_K * FF_MAX_BATCH;
    const int exp_tensor_rows = (int)ceilf(alpha * k / n * batch_size);
    if (ga_tid() == 0) {
        for (int e = 0; e < FF_MAX_N; e++) expert_idx[e] = 0;
        for (int i = 0; i < k * batch_size; i++) {
            const int expert = exp_assign[i];
            if (expert_idx[expert] >= exp_tensor_rows) {
                ff_rows[i] = -1;  // dropped
                continue;
            }
            ff_rows[i] = ((long long)expert * exp_tensor_rows + expert_idx[expert]) * data_dim;
            expert_idx[expert]++;
        }
    }
    __syncthreads();
    const int total = k * batch_size * data_dim;
    const int step = (int)(ga_nthreads() * gridDim.x);
    for (int i = (int)ga_linear(); i < total; i += step) {
        const long long row = ff_rows[i / data_dim];
        if (row != -1) {
            outputs[row + i % data_dim] = input[(i / (k * data_dim)) * data_dim + i % data_dim];
        }
    }
}
