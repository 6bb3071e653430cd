// The fused backward of bias and dropout at the end of a Transformer layer's attention and FFN
// blocks, LightSeq's ls_dropout_bias_bwd_kernel (bytedance/lightseq,
// lightseq/csrc/kernels/cuda/dropout_kernels.cu, its float instance behind
// launch_ls_dropout_bias_bwd: Dropout<T>::d_bias_dropout_bwd in the training encoder and
// decoder layers' backward passes, the bias's gradient and the input's gradient in one pass)
// (blind check set 63: written after calibration, never fitted on). As in LightSeq: a block
// 8 columns wide (blockDim.x 8) and 128 rows tall; each thread walks its column from row
// threadIdx.y down the row_size rows, 128 rows a step (hidden_size 128 floats apart), the
// input gradient out_grad times scale (mask & 1), scale = 1 / (1 - ratio), stored to in_grad
// and summed; the block's 8 x 128 partial sums go to a shared tile (tile[x][y], rows padded to
// 129), a barrier, then the tile's rows are summed (four strided adds and a 32-lane
// shfl_down), a barrier, and the column's sum stored to bias_grad; the host's 8 x 128 blocks on
// cdiv(hidden_size, 8) blocks. Departures: the block the sweep's, any shape (x the column, y*z
// the row in steps of by*bz, z folded in: a tile of bx x (by*bz) partials, each column's row
// of by*bz + 1 floats); each thread bounded by hidden_size (the source's columns are whole
// blocks of 8); the second stage (specific to 128 rows: four strided adds, then shfl_down over
// a warp) a shared-memory tree over the block's rows, a barrier a level, the first row storing
// the column's sum; the static __shared__ tile one dynamic allocation; the mask's bytes 4 B
// words cast to bytes. Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: whole-number gradients, ratio 1/2 (scale 2) and
// 0/1 mask bits: every product and partial sum an integer below 2^24, in any order. 2-D: x
// the column, y*z the row.
#include "common.cuh"

extern "C" __global__ void lightseq_dropout_bias_bwd(int row_size, float ratio,
                                                     float* __restrict__ in_grad,
                                                     float* __restrict__ bias_grad,
                                                     const float* __restrict__ out_grad,
                                                     const unsigned* __restrict__ mask_words,
                                                     int hidden_size) {
    const unsigned char* mask = reinterpret_cast<const unsigned char*>(mask_words);
    extern __shared__ float dropout_tile[];
    const float scale = 1.f / (1.f - ratio);

    const int rows = ga_block_rows();
    const int ty = ga_row_in_block();
    const int col_idx = blockIdx.x * blockDim.x + threadIdx.x;
    float* tile = dropout_tile + threadIdx.x * (rows + 1);  // tile[x][y], rows padded by one

    float local_sum = 0;
    if (col_idx < hidden_size) {
        const long long stride = (long long)hidden_size * rows;
        long long idx = (long long)ty * hidden_size + col_idx;
        for (int r = ty; r < row_size; r += rows) {
            float val = out_grad[idx];
            val *= scale * static_cast<float>(mask[idx] & 1);
            local_sum += val;
            in_grad[idx] = val;
            idx += stride;
        }
    }

    tile[ty] = local_sum;
    __syncthreads();

    int span = 1;
    while (span < rows) span <<= 1;
    for (int s = span >> 1; s > 0; s >>= 1) {
        if (ty < s && ty + s < rows) {
            tile[ty] += tile[ty + s];
        }
        __syncthreads();
    }

    if (ty == 0 && col_idx < hidden_size) {
        bias_grad[col_idx] = tile[0];
    }
}
