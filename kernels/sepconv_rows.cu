// The row pass of a separable convolution, the CUDA Samples' convolutionSeparable
// convolutionRowsKernel (Samples/2_Concepts_and_Techniques/convolutionSeparable): a tile of
// the image staged in shared memory with a halo left and right, one barrier, then each thread
// computing RESULT_STEPS = 8 outputs of its row, bx columns apart, each a (2 radius + 1)-tap
// dot product with the filter (blind check set 27: written after calibration, never fitted
// on; its sweeps go to fixtures/hopper/blind27/ once recorded). As in the sample the tile is
// s_Data[B][(RESULT_STEPS + 2 HALO_STEPS) bx] (B = by*bz rows), column baseX + i bx of step i
// loaded by each thread, the halo columns outside the image reading 0, and d_Dst[i bx] = sum
// over j = -radius .. radius of c_Kernel[radius - j] s_Data[ty][tx + i bx + j]. Changes for
// any block shape and size: the sample's 16 x 4 block and HALO_STEPS = 1 (which needs 16 >=
// radius) become the launch's block with HALO_STEPS = cdiv(radius, bx), the tile in dynamic
// shared memory; the main columns past the image also read 0 and the columns and rows past
// the image are not stored (the sample asserts that the image divides into tiles); the
// filter is a global buffer (the sample's __constant__ c_Kernel; every thread reads the same
// word). Per thread: 8 + 2 HALO_STEPS 4 B loads into the tile (a warp's lanes contiguous
// when bx >= 32), a barrier, 8 (2 radius + 1) shared and filter loads and FMAs, 8 4 B stores
// bx words apart. float32, integer data and weights: exact. x -> column (8 columns a thread),
// y*z -> row.
#include "common.cuh"

#define ROWS_RESULT_STEPS 8

extern "C" __global__ void sepconv_rows(float* __restrict__ d_Dst, const float* __restrict__ d_Src,
                                        const float* __restrict__ c_Kernel, int imageW,
                                        int imageH, int pitch, int radius) {
    extern __shared__ float sr_tile[];
    const int bdx = blockDim.x;
    const int bdy = ga_block_rows();
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();
    const int halo = (radius + bdx - 1) / bdx;  // ROWS_HALO_STEPS
    const int tile_w = (ROWS_RESULT_STEPS + 2 * halo) * bdx;
    float* s_Data = sr_tile + ty * tile_w;  // s_Data[threadIdx.y][...]
    // Offset to the left halo edge
    const int baseX = (blockIdx.x * ROWS_RESULT_STEPS - halo) * bdx + tx;
    const int baseY = blockIdx.y * bdy + ty;
    const bool in_y = baseY < imageH;
    d_Src += (long long)baseY * pitch + baseX;
    d_Dst += (long long)baseY * pitch + baseX;
    // Load main data
    for (int i = halo; i < halo + ROWS_RESULT_STEPS; i++) {
        s_Data[tx + i * bdx] = (in_y && imageW - baseX > i * bdx) ? d_Src[i * bdx] : 0;
    }
    // Load left halo
    for (int i = 0; i < halo; i++) {
        s_Data[tx + i * bdx] = (in_y && baseX >= -i * bdx) ? d_Src[i * bdx] : 0;
    }
    // Load right halo
    for (int i = halo + ROWS_RESULT_STEPS; i < halo + ROWS_RESULT_STEPS + halo; i++) {
        s_Data[tx + i * bdx] = (in_y && imageW - baseX > i * bdx) ? d_Src[i * bdx] : 0;
    }
    // Compute and store results
    __syncthreads();
    for (int i = halo; i < halo + ROWS_RESULT_STEPS; i++) {
        float sum = 0;
        for (int j = -radius; j <= radius; j++) {
            sum += c_Kernel[radius - j] * s_Data[tx + i * bdx + j];
        }
        if (in_y && imageW - baseX > i * bdx) {
            d_Dst[i * bdx] = sum;
        }
    }
}
