// 2-D convolution with a shared-memory input tile the size of the block and the halo read
// through the caches, the "cached tiled" kernel of Hwu, Kirk and El Hajj's Programming
// Massively Parallel Processors (4th ed., ch. 7: convolution_cached_tiled_2D_const_mem_kernel,
// the tiled 2-D convolution whose halo cells come from global memory and the L1/L2 caches
// instead of shared memory) with FILTER_RADIUS 2, a 5 x 5 filter (blind check set 41: written
// after calibration, never fitted on). As in the book: col = blockIdx.x TILE_DIM + tx, row =
// blockIdx.y TILE_DIM + ty; every thread loads one input element into the TILE_DIM x TILE_DIM
// shared tile N_s (0.0 past the image), one barrier; then each thread inside the image sums
// F_c[fRow][fCol] times the input at (row - FILTER_RADIUS + fRow, col - FILTER_RADIUS + fCol)
// over the (2 FILTER_RADIUS + 1)^2 taps, a tap inside the block's tile read from N_s, a tap
// outside it from global memory N when inside the image (ghost cells 0), and stores P[row
// width + col]. Departures: the square TILE_DIM x TILE_DIM block (32 x 32 in the book) becomes
// the launch's bx x by*bz block, z folded into the rows, N_s its dynamic shared tile; the
// tile tests written with int thread indices (with the unsigned threadIdx.x, threadIdx.x -
// FILTER_RADIUS + fCol >= 0 would always hold) and the shared index the tap's place in the
// tile, (ty - FILTER_RADIUS + fRow, tx - FILTER_RADIUS + fCol), the coordinates the test
// checks; the
// __constant__ F_c filled by cudaMemcpyToSymbol a global buffer of (2 FILTER_RADIUS + 1)^2
// floats (every thread reads the same word). Written from memory. float32, integer data and
// weights: exact. x -> column, y*z -> row.
#include "common.cuh"

#define FILTER_RADIUS 2
#define FILTER_DIM (2 * FILTER_RADIUS + 1)

extern "C" __global__ void pmpp_conv2d_cached(const float* N, const float* F_c, float* P,
                                              int width, int height) {
    extern __shared__ float N_s[];  // TILE_DIM_Y x TILE_DIM_X: the block's own elements
    const int TILE_DIM_X = blockDim.x;
    const int TILE_DIM_Y = ga_block_rows();
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();
    const int col = blockIdx.x * TILE_DIM_X + tx;
    const int row = blockIdx.y * TILE_DIM_Y + ty;

    // loading input tile
    if (row < height && col < width) {
        N_s[ty * TILE_DIM_X + tx] = N[row * width + col];
    } else {
        N_s[ty * TILE_DIM_X + tx] = 0.0f;
    }
    __syncthreads();

    // Calculating output elements
    // turning off the threads at the edges of the block
    if (col < width && row < height) {
        float Pvalue = 0.0f;
        for (int fRow = 0; fRow < FILTER_DIM; fRow++) {
            for (int fCol = 0; fCol < FILTER_DIM; fCol++) {
                if (tx - FILTER_RADIUS + fCol >= 0 && tx - FILTER_RADIUS + fCol < TILE_DIM_X &&
                    ty - FILTER_RADIUS + fRow >= 0 && ty - FILTER_RADIUS + fRow < TILE_DIM_Y) {
                    Pvalue += F_c[fRow * FILTER_DIM + fCol] *
                              N_s[(ty - FILTER_RADIUS + fRow) * TILE_DIM_X + tx - FILTER_RADIUS +
                                  fCol];
                } else {
                    if (row - FILTER_RADIUS + fRow >= 0 && row - FILTER_RADIUS + fRow < height &&
                        col - FILTER_RADIUS + fCol >= 0 && col - FILTER_RADIUS + fCol < width) {
                        Pvalue += F_c[fRow * FILTER_DIM + fCol] *
                                  N[(row - FILTER_RADIUS + fRow) * width + col - FILTER_RADIUS +
                                    fCol];
                    }
                }
            }
        }
        P[row * width + col] = Pvalue;
    }
}
