// Per-row gather of a 2-D tensor by an index tensor, PaddlePaddle's IndexSampleForward<float,
// int> (PaddlePaddle/Paddle, paddle/phi/kernels/gpu/index_sample_kernel.cu, formerly
// paddle/fluid/operators/index_sample_op.cu: paddle.index_sample, out[i][j] = x[i][index[i][j]],
// used by PaddleNLP's and PaddleDetection's generation and assignment code) (blind check set 49:
// written after calibration, never fitted on). As in Paddle: index_i = blockDim.x blockIdx.x +
// threadIdx.x the column and index_j = blockDim.y blockIdx.y + threadIdx.y the row, two nested
// grid-stride loops (rows in steps of blockDim.y gridDim.y, columns in steps of blockDim.x
// gridDim.x; each runs once on Paddle's grid), index_idx = index_j index_length + index_i and
// in_idx = index_j input_length + index_i as unsigned ints, sample_idx = index[index_idx] and
// out_data[index_idx] = in_data[in_idx - index_i + sample_idx]; the host's block
// RoundToPowerOfTwo(index_length) capped at 512 wide and RoundToPowerOfTwo(index_length
// batch_size) / width capped at 1024 / width high (512 x 2 here) on a grid of
// ceil(index_length / width) x ceil(batch_size / height) blocks, LimitGridDim capping it at the
// device's grid. Departures: the block the sweep's, any shape, the grid cdiv(index_length, bx)
// x min(cdiv(batch_size, by*bz), 65535) (z folded into the rows: the row loop's step by*bz
// gridDim.y); the templated __global__ a __device__ function called by an extern "C" entry.
// Written from memory. Exact (a copy). x -> column of the index, y*z -> row.
#include "common.cuh"

template <typename T, typename IndexT = int>
__device__ void IndexSampleForward(const IndexT* index, const T* in_data, T* out_data,
                                   size_t index_length, size_t input_length,
                                   size_t batch_size) {
    unsigned int index_i = blockDim.x * blockIdx.x + threadIdx.x;
    unsigned int index_j = ga_block_rows() * blockIdx.y + ga_row_in_block();
    for (; index_j < batch_size; index_j += ga_block_rows() * gridDim.y) {
        index_i = blockDim.x * blockIdx.x + threadIdx.x;
        for (; index_i < index_length; index_i += blockDim.x * gridDim.x) {
            unsigned int index_idx = index_j * index_length + index_i;
            unsigned int in_idx = index_j * input_length + index_i;
            IndexT sample_idx = index[index_idx];
            out_data[index_idx] = in_data[in_idx - index_i + sample_idx];
        }
    }
}

extern "C" __global__ void paddle_index_sample(const int* index, const float* in_data,
                                               float* out_data, size_t index_length,
                                               size_t input_length, size_t batch_size) {
    IndexSampleForward<float, int>(index, in_data, out_data, index_length, input_length,
                                   batch_size);
}
