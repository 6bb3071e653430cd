// The column pass of a separable convolution, the CUDA Samples' convolutionSeparable
// convolutionColumnsKernel (Samples/2_Concepts_and_Techniques/convolutionSeparable): a tile
// of the image staged in shared memory with a halo above and below, one barrier, then each
// thread computing RESULT_STEPS = 8 outputs down its column, each a (2 radius + 1)-tap dot
// product with the filter (blind check set 27: written after calibration, never fitted on;
// its sweeps go to fixtures/hopper/blind27/ once recorded). As in the sample the tile is
// s_Data[bx][(RESULT_STEPS + 2 HALO_STEPS) B + 1] (transposed, one padding word a column,
// B = by*bz rows a step), row baseY + i B of step i loaded by each thread, the halo rows
// outside the image reading 0, and d_Dst[i B pitch] = sum over j = -radius .. radius of
// c_Kernel[radius - j] s_Data[tx][ty + i B + j]. Changes for any block shape and size: the
// sample's 16 x 8 block and HALO_STEPS = 1 (which needs 8 >= radius) become the launch's
// block with HALO_STEPS = cdiv(radius, B), the tile in dynamic shared memory; the main rows
// below the image also read 0 and the columns and rows past the image are not stored (the
// sample asserts that the image divides into tiles); the filter is a global buffer (the
// sample's __constant__ c_Kernel; every thread reads the same word). Per thread:
// 8 + 2 HALO_STEPS coalesced 4 B loads into the tile (the halo's share shrinks as B grows), a
// barrier, 8 (2 radius + 1) shared and filter loads and FMAs, 8 coalesced 4 B stores B rows
// apart. float32, integer data and weights: exact. x -> column, y*z -> row (8 rows a
// thread).
#include "common.cuh"

#define COLUMNS_RESULT_STEPS 8

extern "C" __global__ void sepconv_cols(float* __restrict__ d_Dst, const float* __restrict__ d_Src,
                                        const float* __restrict__ c_Kernel, int imageW,
                                        int imageH, int pitch, int radius) {
    extern __shared__ float sc_tile[];
    const int bdx = blockDim.x;
    const int bdy = ga_block_rows();
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();
    const int halo = (radius + bdy - 1) / bdy;  // COLUMNS_HALO_STEPS
    const int tile_h = (COLUMNS_RESULT_STEPS + 2 * halo) * bdy + 1;
    float* s_Data = sc_tile + tx * tile_h;  // s_Data[threadIdx.x][...]
    // Offset to the upper halo edge
    const int baseX = blockIdx.x * bdx + tx;
    const int baseY = (blockIdx.y * COLUMNS_RESULT_STEPS - halo) * bdy + ty;
    const bool in_x = baseX < imageW;
    d_Src += (long long)baseY * pitch + baseX;
    d_Dst += (long long)baseY * pitch + baseX;
    // Main data
    for (int i = halo; i < halo + COLUMNS_RESULT_STEPS; i++) {
        s_Data[ty + i * bdy] =
            (in_x && imageH - baseY > i * bdy) ? d_Src[(long long)i * bdy * pitch] : 0;
    }
    // Upper halo
    for (int i = 0; i < halo; i++) {
        s_Data[ty + i * bdy] =
            (in_x && baseY >= -i * bdy) ? d_Src[(long long)i * bdy * pitch] : 0;
    }
    // Lower halo
    for (int i = halo + COLUMNS_RESULT_STEPS; i < halo + COLUMNS_RESULT_STEPS + halo; i++) {
        s_Data[ty + i * bdy] =
            (in_x && imageH - baseY > i * bdy) ? d_Src[(long long)i * bdy * pitch] : 0;
    }
    // Compute and store results
    __syncthreads();
    for (int i = halo; i < halo + COLUMNS_RESULT_STEPS; i++) {
        float sum = 0;
        for (int j = -radius; j <= radius; j++) {
            sum += c_Kernel[radius - j] * s_Data[ty + i * bdy + j];
        }
        if (in_x && imageH - baseY > i * bdy) {
            d_Dst[(long long)i * bdy * pitch] = sum;
        }
    }
}
