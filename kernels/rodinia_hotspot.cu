// One time step of the 2-D thermal simulation of a chip, Rodinia's hotspot calculate_temp
// (rodinia/cuda/hotspot/hotspot.cu: the kernel of compute_tran_temp), one cell per thread
// (blind check set 32: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind32/ once recorded). temp_dst[r][c] = T + step/Cap (P + (T_S + T_N -
// 2.0 T) / Ry + (T_E + T_W - 2.0 T) / Rx + (80 - T) / Rz) from the cell's temperature T, its
// power P and its four neighbours' temperatures (a neighbour off the chip: the cell itself,
// Rodinia's clamp of N, S, W and E to the valid range), in double as Rodinia's 2.0 makes it
// (the neighbour sums and 80 - T in float), stored as float. Rodinia stages the temperature
// and the power of a BLOCK_SIZE x BLOCK_SIZE (16 x 16) block in shared memory and runs
// pyramid_height time steps per launch on overlapping blocks, each block keeping the inner
// (BLOCK_SIZE - 2 iteration)^2 cells; here one time step per launch (iteration 1, Rodinia's
// temp_t tile and its loop dropped) on non-overlapping tiles sized from the block: the
// temperatures of the block's bx x by*bz cells and a one-cell halo around them in a (bx + 2)
// x (by*bz + 2) dynamic shared tile (each thread loads rows ty, ty + by*bz, ... and columns
// tx, tx + bx, ... of it, a halo cell off the chip loading the nearest cell on it, which is
// Rodinia's clamp) and their powers in a bx x by*bz tile (one each, as in Rodinia); the
// coefficients step / Cap, 1 / Rx, 1 / Ry and 1 / Rz in float as Rodinia computes them in
// the kernel. Bounds tests keep threads past the chip from storing. One barrier; then 5
// shared loads, ~6 double FLOPs and a 4 B store. x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void rodinia_hotspot(const float* __restrict__ power,
                                           const float* __restrict__ temp_src,
                                           float* __restrict__ temp_dst, int grid_cols,
                                           int grid_rows, float Cap, float Rx, float Ry,
                                           float Rz, float step) {
    extern __shared__ float hotspot_smem[];
    const int rows = ga_block_rows();
    const int tilew = blockDim.x + 2;
    float* temp_on_cuda = hotspot_smem;                             // (rows + 2) x tilew
    float* power_on_cuda = hotspot_smem + (rows + 2) * tilew;       // rows x blockDim.x

    float amb_temp = 80.0;
    float step_div_Cap;
    float Rx_1, Ry_1, Rz_1;

    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();
    const int blkX = blockIdx.x * blockDim.x;  // the tile's first column and row
    const int blkY = blockIdx.y * rows;
    const int xidx = blkX + tx;
    const int yidx = blkY + ty;

    step_div_Cap = step / Cap;

    Rx_1 = 1 / Rx;
    Ry_1 = 1 / Ry;
    Rz_1 = 1 / Rz;

    for (int i = ty; i < rows + 2; i += rows) {
        const int y = min(max(blkY + i - 1, 0), grid_rows - 1);
        for (int j = tx; j < tilew; j += blockDim.x) {
            const int x = min(max(blkX + j - 1, 0), grid_cols - 1);
            temp_on_cuda[i * tilew + j] = temp_src[grid_cols * y + x];
        }
    }
    const bool inside = yidx < grid_rows && xidx < grid_cols;
    const int index = grid_cols * yidx + xidx;
    power_on_cuda[ty * blockDim.x + tx] = inside ? power[index] : 0.0f;
    __syncthreads();

    if (inside) {
        const int c = (ty + 1) * tilew + tx + 1;  // the cell in the haloed tile
        const int N = c - tilew;
        const int S = c + tilew;
        const int W = c - 1;
        const int E = c + 1;
        temp_dst[index] = temp_on_cuda[c] + step_div_Cap * (power_on_cuda[ty * blockDim.x + tx] +
                          (temp_on_cuda[S] + temp_on_cuda[N] - 2.0 * temp_on_cuda[c]) * Ry_1 +
                          (temp_on_cuda[E] + temp_on_cuda[W] - 2.0 * temp_on_cuda[c]) * Rx_1 +
                          (amb_temp - temp_on_cuda[c]) * Rz_1);
    }
}
