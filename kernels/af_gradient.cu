// The central-difference gradient of a batch of images, ArrayFire's gradient kernel
// (src/backend/cuda/kernel/gradient.cuh, launched by kernel/gradient.hpp: what af::grad runs),
// the block's tile and a one-pixel halo staged in shared memory (blind check set 35: written
// after calibration, never fitted on; its sweeps go to fixtures/hopper/blind35/ once
// recorded). For each pixel of each image (dims[0] the contiguous x, dims[1] y, dims[2] the
// images): grad0 = xf (in[x + 1] - in[x - 1]) and grad1 = yf (in[y + 1] - in[y - 1]), xf and
// yf 0.5 inside and 1 on the first and last column or row, where the missing neighbour is the
// pixel itself (one-sided differences, MATLAB's gradient). As in ArrayFire: the batch folded
// into blockIdx.x (idz = blockIdx.x / blocksPerMatX) and blockIdx.y / z (idw), the block's
// xB, yB, the cond test (past the image: the tile holds 0), xmax / ymax (the tile's width and
// height inside the image), xf and yf as 0.5 (1 + edge) in double, each thread's pixel into
// scratch, a barrier, the halo rows above and below by the tile's first row (the pixel itself
// at the image's edge and past it) and the halo columns left and right by its first column, a
// barrier, the two differences stored. Departures for any block shape: ArrayFire's TX x TY
// (32 x 8) template tile becomes blockDim.x x (blockDim.y blockDim.z) in dynamic shared
// memory (z folded into the rows); blocksPerMatX / Y, computed by the host with TX and TY, are
// computed here from the block; the Param structs are dense arrays (strides from the dims);
// dims[3] stays 1 (the grid has one layer). Written from memory of ArrayFire's kernel and
// checked against its public source. Per thread: one 4 B load (contiguous along a row), a
// shared store, the tile's first row and column one 4 B halo load each (the first row's two
// rows contiguous, the first column's two columns one sector a row), two barriers, four
// shared loads, two subtractions and multiplications, two contiguous 4 B stores. float32;
// integer data give exact results (halves). x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void af_gradient(float* __restrict__ grad0, float* __restrict__ grad1,
                                       const float* __restrict__ in, int dims0, int dims1,
                                       int dims2, int dims3) {
    extern __shared__ float af_grad_scratch[];
    const int TX = blockDim.x;
    const int TY = ga_block_rows();
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();

    // the host's divup(dims, T), here from the block
    const int blocksPerMatX = (dims0 + TX - 1) / TX;
    const int blocksPerMatY = (dims1 + TY - 1) / TY;

    const int idz = blockIdx.x / blocksPerMatX;
    const int idw = (blockIdx.y + blockIdx.z * gridDim.y) / blocksPerMatY;

    const int blockIdx_x = blockIdx.x - idz * blocksPerMatX;
    const int blockIdx_y = (blockIdx.y + blockIdx.z * gridDim.y) - idw * blocksPerMatY;

    const int xB = blockIdx_x * TX;
    const int yB = blockIdx_y * TY;

    const int idx = tx + xB;
    const int idy = ty + yB;

    const bool cond = (idx >= dims0 || idy >= dims1 || idz >= dims2 || idw >= dims3);

    const int xmax = (TX > (dims0 - xB)) ? (dims0 - xB) : TX;
    const int ymax = (TY > (dims1 - yB)) ? (dims1 - yB) : TY;

    // dense strides: [1, dims0, dims0 dims1, dims0 dims1 dims2]
    const int strides1 = dims0;
    const int strides2 = dims0 * dims1;
    const int strides3 = strides2 * dims2;
    const int iIdx = idw * strides3 + idz * strides2 + idy * strides1 + idx;
    const int g0dx = iIdx;
    const int g1dx = iIdx;

    // scratch[TY + 2][TX + 2], sidx(y, x) = scratch[y + 1][x + 1]
    const int pitch = TX + 2;
#define sidx(y, x) af_grad_scratch[((y) + 1) * pitch + (x) + 1]

    // Multipliers - 0.5 for interior, 1 for edge cases
    const float xf = 0.5 * (1 + (idx == 0 || idx >= (dims0 - 1)));
    const float yf = 0.5 * (1 + (idy == 0 || idy >= (dims1 - 1)));

    // Copy data to scratch space
    sidx(ty, tx) = cond ? 0.0f : in[iIdx];

    __syncthreads();

    // Copy buffer zone data. Corner (0,0) etc, are not used.
    // Cols
    if (ty == 0) {
        // Y-1
        sidx(-1, tx) = (cond || idy == 0) ? sidx(0, tx) : in[iIdx - strides1];
        sidx(ymax, tx) =
            (cond || (idy + ymax) >= dims1) ? sidx(ymax - 1, tx) : in[iIdx + ymax * strides1];
    }
    // Rows
    if (tx == 0) {
        sidx(ty, -1) = (cond || idx == 0) ? sidx(ty, 0) : in[iIdx - 1];
        sidx(ty, xmax) = (cond || (idx + xmax) >= dims0) ? sidx(ty, xmax - 1) : in[iIdx + xmax];
    }

    __syncthreads();

    if (cond) return;

    grad0[g0dx] = xf * (sidx(ty, tx + 1) - sidx(ty, tx - 1));
    grad1[g1dx] = yf * (sidx(ty + 1, tx) - sidx(ty - 1, tx));
#undef sidx
}
