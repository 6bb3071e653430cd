// The diffusion-coefficient step of speckle-reducing anisotropic diffusion, Rodinia's srad_v2
// srad_cuda_1 (srad_kernel.cu: Yu and Acton's SRAD on an ultrasound image J, the first of its
// two kernels per iteration), the block's tile of J and the rows and columns around it staged
// in shared memory (blind check set 28: written after calibration, never fitted on; its sweeps
// go to fixtures/hopper/blind28/ once recorded). For each pixel the four differences to its
// neighbours, n = J[N] - Jc, s, w, e (a neighbour off the image the pixel itself), g2 = (n^2 +
// s^2 + w^2 + e^2) / Jc^2, l = (n + s + w + e) / Jc, num = 0.5 g2 - l^2 / 16 and den = 1 +
// l / 4 in double as Rodinia's double constants make them, qsqr = num / den^2, den = (qsqr -
// q0sqr) / (q0sqr (1 + q0sqr)), c = 1.0 / (1.0 + den) (double), saturated to [0, 1]; C, E, W,
// S and N (the differences) out. As in Rodinia each thread loads five words into five tiles
// the size of the block: north (the row above the tile, the same for the tile's every row),
// south (the row below), west and east (the columns left and right of the tile, the same for
// the tile's every column) and temp (its own pixel), with a barrier after each pair and one
// after temp, then takes each neighbour from temp inside the tile and from the halo tile on
// its edges, and writes c through a sixth tile after a fourth barrier. Changes for any block
// shape: Rodinia's square BLOCK_SIZE (16) becomes bx x by*bz tiles in dynamic shared memory;
// its nine-way branch over the tile's corners and edges becomes four independent choices
// (the same for tiles of 2 x 2 and more, right for one-wide tiles); its edge cases at the
// first and last block (by == 0: the row above is row 0, by == gridDim.y - 1: the row below
// is the tile's last row) become the rows and columns clamped into the image, so partial
// tiles at the right and bottom work (Rodinia needs sizes divisible by 16) with the tile's
// last row and column those in the image; threads past the image load clamped pixels and do
// not store. Per thread: five 4 B loads (contiguous along a row; the halo rows re-read by
// every row of the tile and the halo columns by every column: L1 hits), four barriers, six
// shared loads, float and double divisions, five contiguous 4 B stores. float32 (with
// Rodinia's double steps); integer images give results the reference reproduces bit for
// bit. x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void srad_coef(float* __restrict__ E_C, float* __restrict__ W_C,
                                     float* __restrict__ N_C, float* __restrict__ S_C,
                                     const float* __restrict__ J_cuda,
                                     float* __restrict__ C_cuda, int cols, int rows,
                                     float q0sqr) {
    extern __shared__ float srad_tiles[];
    // BLOCK_SIZE along x and along y
    const int BSX = blockDim.x;
    const int BSY = ga_block_rows();

    // block id
    int bx = blockIdx.x;
    int by = blockIdx.y;

    // thread id
    int tx = threadIdx.x;
    int ty = ga_row_in_block();

    // shared memory allocation: six BSY x BSX tiles
    const int tile = BSX * BSY;
    float* temp = srad_tiles;
    float* temp_result = temp + tile;
    float* north = temp_result + tile;
    float* south = north + tile;
    float* east = south + tile;
    float* west = east + tile;
    const int me = ty * BSX + tx;  // [ty][tx]

    // the tile's first column and row, its last ones in the image, this thread's pixel
    // (clamped into the image for the loads)
    const int x0 = BSX * bx;
    const int y0 = BSY * by;
    const int last_tx = min(BSX, cols - x0) - 1;
    const int last_ty = min(BSY, rows - y0) - 1;
    const bool inside = tx <= last_tx && ty <= last_ty;
    const int col = min(x0 + tx, cols - 1);
    const int row = min(y0 + ty, rows - 1);

    // indices
    long long index = (long long)cols * row + col;
    long long index_n = (long long)cols * (y0 == 0 ? 0 : y0 - 1) + col;
    long long index_s = (long long)cols * min(y0 + BSY, rows - 1) + col;
    long long index_w = (long long)cols * row + (x0 == 0 ? 0 : x0 - 1);
    long long index_e = (long long)cols * row + min(x0 + BSX, cols - 1);

    float n, w, e, s, jc, g2, l, num, den, qsqr, c;

    // load data to shared memory
    north[me] = J_cuda[index_n];
    south[me] = J_cuda[index_s];
    __syncthreads();

    west[me] = J_cuda[index_w];
    east[me] = J_cuda[index_e];
    __syncthreads();

    temp[me] = J_cuda[index];
    __syncthreads();

    if (inside) {
        jc = temp[me];

        n = (ty == 0 ? north[me] : temp[me - BSX]) - jc;
        s = (ty == last_ty ? south[me] : temp[me + BSX]) - jc;
        w = (tx == 0 ? west[me] : temp[me - 1]) - jc;
        e = (tx == last_tx ? east[me] : temp[me + 1]) - jc;

        g2 = (n * n + s * s + w * w + e * e) / (jc * jc);

        l = (n + s + w + e) / jc;

        num = (0.5 * g2) - ((1.0 / 16.0) * (l * l));
        den = 1 + (.25 * l);
        qsqr = num / (den * den);

        // diffusion coefficent (equ 33)
        den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
        c = 1.0 / (1.0 + den);

        // saturate diffusion coefficent
        if (c < 0) {
            temp_result[me] = 0;
        } else if (c > 1) {
            temp_result[me] = 1;
        } else {
            temp_result[me] = c;
        }
    }

    __syncthreads();

    if (inside) {
        C_cuda[index] = temp_result[me];
        E_C[index] = e;
        W_C[index] = w;
        S_C[index] = s;
        N_C[index] = n;
    }
}
