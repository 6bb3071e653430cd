// The columns of a layer's input activations permuted into the quantized weight's row order
// before a GPTQ act-order matmul, ExLlama's column_remap_kernel (turboderp/exllama,
// exllama_ext/cuda_func/column_remap.cu, behind column_remap_cuda: called by q4_matmul_cuda
// when a layer has an x_map, so that seq_x @ seq_w == x @ w; the same kernel in AutoGPTQ's
// exllama extension) (blind check set 51: written after calibration, never fitted on). As in
// ExLlama: x_column = SHUF_BLOCKSIZE_X blockIdx.x + threadIdx.x, x_row = SHUF_BLOCKSIZE_Y
// blockIdx.y, x_stride = x_width, each thread walking the SHUF_BLOCKSIZE_Y (16) rows from
// x_row (x_row_end = min(x_row + 16, x_height): fewer in the last run) of its column, s_column
// = x_map[x_column] read once, x_new[x_idx] = x[s_idx] with x_idx and s_idx stepping a row
// (x_stride); the host's SHUF_BLOCKSIZE_X (256) x 1 threads on (cdiv(x_width, 256),
// cdiv(x_height, 16)) blocks. Departures: the 256 threads the block's x, any width
// (x_column = blockIdx.x blockDim.x + threadIdx.x, a column past x_width returning: ExLlama
// has no check, its widths multiples of 256), the block's rows by*bz (z folded in) each a run
// of 16 rows of its own (x_row = 16 (blockIdx.y by*bz + the thread's row): ExLlama's block one
// run), the grid cdiv(x_width, bx) x cdiv(x_height, 16 by*bz); half float; uint32_t
// unsigned. Written from memory. Exact (a copy). x -> column, y*z -> a run of 16 rows.
#include "common.cuh"

typedef unsigned int uint32_t;

const int SHUF_BLOCKSIZE_Y = 16;

extern "C" __global__ void exl_column_remap(const float* __restrict__ x,
                                            float* __restrict__ x_new, const int x_width,
                                            const int x_height, const uint32_t* x_map) {
    int x_column = ga_col();
    if (x_column >= x_width) return;
    int x_row = SHUF_BLOCKSIZE_Y * ga_row();

    int x_stride = x_width;
    int x_idx = x_row * x_stride + x_column;

    int x_row_end = min(x_row + SHUF_BLOCKSIZE_Y, x_height);
    int x_idx_end = x_row_end * x_stride + x_column;

    int s_column = x_map[x_column];
    int s_idx = x_row * x_stride + s_column;

    while (x_idx < x_idx_end) {
        x_new[x_idx] = x[s_idx];
        x_idx += x_stride;
        s_idx += x_stride;
    }
}
