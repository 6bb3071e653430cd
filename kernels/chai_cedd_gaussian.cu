// Chai's gaussian_kernel (chai-benchmarks/chai, CUDA-U/CEDD/kernel.cu, launched by
// call_gaussian_kernel in the same file: the first stage of Chai's Canny edge detection benchmark
// (CEDD), a 3 x 3 Gaussian blur of an 8-bit frame through a shared-memory tile with a one-pixel
// halo) (blind check set 98: written after calibration, never fitted on). As in Chai: the pixel at
// row blockIdx.y blockDim.y + threadIdx.y + 1 and column blockIdx.x blockDim.x + threadIdx.x + 1
// (the frame's outer ring never written); each thread stages its byte in an int tile of (blockDim +
// 2)^2, the tile's edge threads also the halo row above or below, the halo column left or right and
// the corners; a barrier; then sum += gaus[i][j] tile[...] over the 3 x 3 window, i outer, j inner,
// with the int sum truncating each float step (weights 1/16, 1/8, 1/4); out = min(255, max(0,
// sum)); the host's threads x threads blocks on (cols - 2) / threads x (rows - 2) / threads blocks
// (a floor grid, no bounds checks). Departures: the block any shape: the tile (bx + 2) x (by*bz +
// 2) with z folded into the rows; the top and bottom halos (left and right, corners) staged by
// separate tests, so that a block one row high or one column wide stages both; the grid's ceiling
// with bounds checks (a thread stages its byte where it lies in the frame, a halo byte where that
// lies in the frame, and writes only inside the ring; at a square block dividing 7680 and 4320, on
// this frame, the source's grid exactly); the bytes through word-typed buffers (four a word);
// 64-bit offsets. Reimplemented from the published source (its indexing, arithmetic and control
// flow; none of its text). Exact: dyadic weights times bytes and int sums far below 2^24, each
// step's truncation as in the source. 2-D, shared memory: x -> column, y*z -> row: a 1 B load a
// thread (a warp's 32 B contiguous), the edge threads up to three more, a barrier, nine 4 B shared
// reads and a 1 B store (a warp's 32 B).
#include "common.cuh"

__constant__ float chai_gaus[3][3] = {{0.0625f, 0.125f, 0.0625f},
                                      {0.125f, 0.25f, 0.125f},
                                      {0.0625f, 0.125f, 0.0625f}};

extern "C" __global__ void chai_cedd_gaussian(const unsigned* data_words, unsigned* out_words,
                                              int rows, int cols) {
    extern __shared__ int chai_tile[];
    const unsigned char* data = reinterpret_cast<const unsigned char*>(data_words);
    unsigned char* out = reinterpret_cast<unsigned char*>(out_words);
    const int bx = blockDim.x;
    const int by = ga_block_rows();
    const int pitch = bx + 2;
    const int g_row = ga_row() + 1;
    const int g_col = ga_col() + 1;
    const int l_row = ga_row_in_block() + 1;
    const int l_col = threadIdx.x + 1;
    const long long pos = (long long)g_row * cols + g_col;

    if (g_row < rows && g_col < cols) {
        chai_tile[l_row * pitch + l_col] = data[pos];
        const bool right = g_col + 1 < cols;  // the column right of this one in the frame
        const bool down = g_row + 1 < rows;   // the row below this one in the frame
        if (l_row == 1) {
            chai_tile[l_col] = data[pos - cols];
            if (l_col == 1) chai_tile[0] = data[pos - cols - 1];
            if (l_col == bx && right) chai_tile[bx + 1] = data[pos - cols + 1];
        }
        if (l_row == by && down) {
            chai_tile[(by + 1) * pitch + l_col] = data[pos + cols];
            if (l_col == 1) chai_tile[(by + 1) * pitch] = data[pos + cols - 1];
            if (l_col == bx && right) chai_tile[(by + 1) * pitch + bx + 1] = data[pos + cols + 1];
        }
        if (l_col == 1) chai_tile[l_row * pitch] = data[pos - 1];
        if (l_col == bx && right) chai_tile[l_row * pitch + bx + 1] = data[pos + 1];
    }
    __syncthreads();

    if (g_row < rows - 1 && g_col < cols - 1) {
        int sum = 0;
        for (int i = 0; i < 3; ++i) {
            for (int j = 0; j < 3; ++j) {
                sum += chai_gaus[i][j] * chai_tile[(i + l_row - 1) * pitch + j + l_col - 1];
            }
        }
        out[pos] = (unsigned char)min(255, max(0, sum));
    }
}
