// The weight update of a two-layer perceptron's backpropagation, Rodinia's
// bpnn_adjust_weights_cuda (rodinia/cuda/backprop/backprop_cuda_kernel.cu: the second
// kernel of Rodinia's backprop, updating the input-to-hidden weights with momentum), one
// weight per thread (blind check set 31: written after calibration, never fitted on; its
// sweeps go to fixtures/hopper/blind31/ once recorded). w and oldw are (in + 1) x (hid + 1)
// floats, row-major (row 0 the bias row, column 0 unused); weight (i, j) of input i =
// 1 .. in and hidden unit j = 1 .. hid gets new_dw = ETA delta[j] ly[i] + MOMENTUM oldw[i][j],
// w[i][j] += new_dw and oldw[i][j] = new_dw, with Rodinia's ETA and MOMENTUM 0.3 as double
// literals (backprop.h), so the update is computed in double and stored as float; after
// a barrier the threads of the first input row also update the bias row's weight of their
// hidden unit (ly taken as 1). Rodinia launches blocks of 16 x 16 (WIDTH x HEIGHT) with a
// grid of one block column, hid being 16; here x is the hidden unit of the whole layer
// (column blockIdx.x bx + tx + 1) and y*z the input (row blockIdx.y by*bz + ty + 1), so
// Rodinia's index (hid + 1) HEIGHT by + (hid + 1) ty + tx + 1 + (hid + 1) becomes (hid + 1)
// (row) + column and Rodinia's bias-row test ty == 0 && by == 0 the first input row; bounds
// tests keep threads past the layer from loading or storing (Rodinia's sizes are multiples
// of 16). Rows are hid + 1 = 257 floats: a warp's words straddle rows' alignment. Per
// thread: 4 B loads of delta (a broadcast along y), ly (a broadcast along x), w and oldw,
// double multiplies and adds, two 4 B stores. x -> hidden unit, y*z -> input.
#include "common.cuh"

#define ETA 0.3       // eta value
#define MOMENTUM 0.3  // momentum value

extern "C" __global__ void rodinia_backprop_adjust(const float* __restrict__ delta, int hid,
                                                   const float* __restrict__ ly, int in,
                                                   float* __restrict__ w,
                                                   float* __restrict__ oldw) {
    const int col = blockIdx.x * blockDim.x + threadIdx.x;  // Rodinia's tx
    const int row = ga_row();                               // Rodinia's HEIGHT by + ty
    const bool inside = col < hid && row < in;

    int index = (hid + 1) * row + col + 1 + (hid + 1);
    int index_y = row + 1;
    int index_x = col + 1;

    if (inside) {
        w[index] += ((ETA * delta[index_x] * ly[index_y]) + (MOMENTUM * oldw[index]));
        oldw[index] = ((ETA * delta[index_x] * ly[index_y]) + (MOMENTUM * oldw[index]));
    }

    __syncthreads();

    if (row == 0 && col < hid) {
        w[index_x] += ((ETA * delta[index_x]) + (MOMENTUM * oldw[index_x]));
        oldw[index_x] = ((ETA * delta[index_x]) + (MOMENTUM * oldw[index_x]));
    }
}
