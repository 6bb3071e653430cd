// MRA attention's reduce_sum_cuda_kernel (huggingface/transformers,
// src/transformers/kernels/mra/cuda_kernel.cu, launched by reduce_sum_kernel in
// src/transformers/kernels/mra/cuda_launch.cu for the MRA model's multi-resolution
// approximation of self-attention: for each selected 32 x 32 block of the block-sparse
// attention matrix (keys down its rows, queries along its columns), each query's sum over the
// block's 32 keys, accumulated into the query block's 32 slots of the dense result)
// (blind check set 100: written after calibration, never fitted on). As in transformers:
// the batch item from the grid, the selected block block_idx = blockIdx.x blockDim.y +
// threadIdx.y, the column thread_idx = threadIdx.x, the block's index AB_block_idx =
// indices[batch num_block + block_idx], the column's 32 values sparse_A[(batch num_block +
// block_idx) 1024 + r 32 + thread_idx] summed over r in order, and atomicAdd of the sum at
// dense_C[(batch A_num_block + AB_block_idx / B_num_block) 32 + thread_idx]; the host's
// 32 x 4 threads on num_block / 4 x batch_size blocks. Departures: the block the sweep's,
// any shape (x the column, nothing at or past 32; y*z the selected block, nothing at or past
// num_block), the blocks from the grid's y and the batch item from its z (the source's
// blockIdx.x and blockIdx.y; its host's 4-row blocks tile num_block exactly and need no
// bounds checks); 64-bit offsets. Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: whole-number sums far below 2^24,
// order-free. 2-D, no shared memory: a 4 B index load (broadcast along x), 32 loads 128 B
// apart (a warp's 128 B contiguous each) and one 4 B float atomicAdd (a warp's 128 B run).
#include "common.cuh"

extern "C" __global__ void mra_reduce_sum(const float* sparse_A, const int* indices,
                                          float* dense_C, long long batch_size,
                                          long long A_num_block, long long B_num_block,
                                          long long num_block) {
    const long long batch = blockIdx.z;
    const long long block_idx = ga_row();
    const long long col = ga_col();
    if (col >= 32 || block_idx >= num_block || batch >= batch_size) return;
    const long long slot = batch * num_block + block_idx;
    const long long ab = indices[slot];
    const float* a = sparse_A + slot * 1024 + col;
    float value = 0.0f;
    for (int r = 0; r < 32; r++) value += a[r * 32];
    atomicAdd(dense_C + (batch * A_num_block + ab / B_num_block) * 32 + col, value);
}
