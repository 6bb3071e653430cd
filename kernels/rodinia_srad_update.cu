// The image-update step of speckle-reducing anisotropic diffusion, Rodinia's srad_v2
// srad_cuda_2 (srad_kernel.cu: the second of SRAD's two kernels per iteration, after
// srad_cuda_1's coefficients and derivatives), the block's tiles of the image and of the
// coefficients staged in shared memory (blind check set 34: written after calibration, never
// fitted on; its sweeps go to fixtures/hopper/blind34/ once recorded). For each pixel the
// divergence d_sum = cn N + cs S + cw W + ce E of the four directional derivatives weighted by
// the coefficients, cn = cw = the pixel's own c, cs the coefficient of the pixel below and ce
// of the pixel to the right (the pixel's own on the last row and column), and the update J +
// 0.25 lambda d_sum (Rodinia's double constant: in double, rounded to float). As in Rodinia
// each thread loads its pixel of J into temp, a barrier, the coefficient below the tile in its
// column into south_c, a barrier, the coefficient right of the tile in its row into east_c, a
// barrier, its own coefficient into c_cuda_temp, a barrier, takes cs and ce from c_cuda_temp
// inside the tile and from south_c / east_c on the tile's last row and column, loads its four
// derivatives, writes the result into c_cuda_result, a barrier, and stores it. Departures for
// any block shape: Rodinia's square BLOCK_SIZE (16) tiles become bx x by*bz tiles in dynamic
// shared memory; its four-way branch over the tile's corner and edges becomes two independent
// choices (the same for tiles of 2 x 2 and more, right for one-wide tiles); its edge cases at
// the last block row and column (the tile's own last row or column) become the rows and
// columns clamped into the image, so partial tiles at the right and bottom work (Rodinia needs
// sizes divisible by 16): threads past the image load clamped pixels (so the image's last row
// and column find their own coefficient) and do not store. Departure for timing: Rodinia
// updates J_cuda in place; here the result goes to a separate J_out (repeated timing launches
// would otherwise drift). Written from memory of Rodinia's kernel. Per thread: eight 4 B loads
// (J, C, N, S, W, E contiguous along a row; the row below the tile re-read by every row of the
// tile and the column right of it by every column: L1 hits), five barriers, four shared
// stores and up to four shared loads, three FMAs and a double multiply-add, one contiguous
// 4 B store. float32 (the update in double as in Rodinia); integer data give results the
// reference reproduces bit for bit. x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void rodinia_srad_update(const float* __restrict__ E_C,
                                               const float* __restrict__ W_C,
                                               const float* __restrict__ N_C,
                                               const float* __restrict__ S_C,
                                               const float* __restrict__ J_cuda,
                                               const float* __restrict__ C_cuda,
                                               float* __restrict__ J_out, int cols, int rows,
                                               float lambda) {
    extern __shared__ float srad2_tiles[];
    // BLOCK_SIZE along x and along y
    const int BSX = blockDim.x;
    const int BSY = ga_block_rows();

    // block id
    int bx = blockIdx.x;
    int by = blockIdx.y;

    // thread id
    int tx = threadIdx.x;
    int ty = ga_row_in_block();

    // shared memory allocation: five BSY x BSX tiles
    const int tile = BSX * BSY;
    float* south_c = srad2_tiles;
    float* east_c = south_c + tile;
    float* c_cuda_temp = east_c + tile;
    float* c_cuda_result = c_cuda_temp + tile;
    float* temp = c_cuda_result + tile;
    const int me = ty * BSX + tx;  // [ty][tx]

    // the tile's first column and row, this thread's pixel (clamped into the image for the
    // loads)
    const int x0 = BSX * bx;
    const int y0 = BSY * by;
    const bool inside = x0 + tx < cols && y0 + ty < rows;
    const int col = min(x0 + tx, cols - 1);
    const int row = min(y0 + ty, rows - 1);

    // indices
    long long index = (long long)cols * row + col;
    long long index_s = (long long)cols * min(y0 + BSY, rows - 1) + col;
    long long index_e = (long long)cols * row + min(x0 + BSX, cols - 1);
    float cc, cn, cs, ce, cw, d_sum;

    // load data to shared memory
    temp[me] = J_cuda[index];
    __syncthreads();

    south_c[me] = C_cuda[index_s];
    __syncthreads();

    east_c[me] = C_cuda[index_e];
    __syncthreads();

    c_cuda_temp[me] = C_cuda[index];
    __syncthreads();

    cc = c_cuda_temp[me];
    cn = cc;
    cw = cc;
    cs = ty == BSY - 1 ? south_c[me] : c_cuda_temp[me + BSX];  // s
    ce = tx == BSX - 1 ? east_c[me] : c_cuda_temp[me + 1];     // e

    // divergence (equ 58)
    d_sum = cn * N_C[index] + cs * S_C[index] + cw * W_C[index] + ce * E_C[index];

    // image update (equ 61)
    c_cuda_result[me] = temp[me] + 0.25 * lambda * d_sum;

    __syncthreads();

    if (inside) {
        J_out[index] = c_cuda_result[me];
    }
}
