// Causal attention mask, llama.cpp's diag_mask_inf_f32 (ggml-cuda, GGML_OP_DIAG_MASK_INF: the
// KQ scores of each head's query rows with the keys after the query's position pushed to
// -FLT_MAX before the softmax) (blind check set 43: written after calibration, never fitted
// on). As in ggml: x -> the ROW (row = blockDim.x blockIdx.x + threadIdx.x), y -> the column
// (col = blockDim.y blockIdx.y + threadIdx.y; ggml launches blocks of 1 x
// CUDA_DIAG_MASK_INF_BLOCK_SIZE, one row a block along x), the column bound checked, then
// dst[i] = x[i] - (col > n_past + row % rows_per_channel) FLT_MAX at i = row ncols + col.
// Departures: the block any shape with z folded into the columns (y*z -> column), a row bound
// added for grids past the last row (ggml's grid is exactly nrows_x blocks along x). Written
// from memory. Integer scores: x - FLT_MAX is -FLT_MAX, as in NumPy; exact. x -> row, y*z ->
// column: rows ncols apart along the warp at any bx > 1.
#include "common.cuh"

#define DMI_FLT_MAX 3.402823466e+38F

extern "C" __global__ void ggml_diag_mask_inf(const float* __restrict__ x,
                                              float* __restrict__ dst, const int ncols,
                                              const int nrows, const int rows_per_channel,
                                              const int n_past) {
    const int col = ga_block_rows() * blockIdx.y + ga_row_in_block();
    const int row = blockDim.x * blockIdx.x + threadIdx.x;

    if (col >= ncols || row >= nrows) {
        return;
    }

    const int i = row * ncols + col;
    // dst[i] = col > n_past + row ? -INFINITY : x[i];
    dst[i] = x[i] - (col > n_past + row % rows_per_channel) * DMI_FLT_MAX;
}
