// Horizontal pass of SiftGPU's separable Gaussian filter of a float32 image level, FilterH<FW>
// with FW = 13 (pitzer/SiftGPU, src/SiftGPU/ProgramCU.cu, behind ProgramCU::FilterImage: the
// Gaussian pyramid of SiftGPU's CUDA path, used by VisualSFM and COLMAP's GPU SIFT) (blind
// check set 48: written after calibration, never fitted on). As in SiftGPU: FILTERH_TILE_WIDTH
// threads a block along x and one image row a block (blockIdx.y), a shared-memory cache of
// CACHE_WIDTH = FILTERH_TILE_WIDTH + FW - 1 floats filled by the block in strides of the tile
// width from src_index = the row's start + bcol - HALF_WIDTH + threadIdx.x, each fetch index
// clamped to the row (the border replicated), a barrier, a thread past the width returning,
// then value += data[threadIdx.x + i] d_kernel[i] for i = 0 .. FW - 1 and one store; d_kernel
// the 13 taps of SiftGPU's CreateFilterKernel for sigma 1.6 (width 2 ceil(4 sigma - 0.5) + 1,
// exp(-i^2 / 2 sigma^2) normalized in float). Departures: the 128-thread block and the grid
// (ceil(width / 128), height) generalized: a bx x by*bz block is by*bz rows of bx pixels, each
// row of threads filling its own cache of bx + 12 floats (one dynamic allocation of by*bz
// caches), the fetch loop a while loop over the cache in strides of bx (CACHE_COUNT unrolled
// steps in SiftGPU), the grid cdiv(width, bx) x cdiv(height, by*bz), a row past the height
// loading nothing (it still reaches the barrier); the texture fetch (tex1Dfetch of the source
// level) a plain load through a const __restrict__ pointer; d_kernel a __constant__ table
// written here (cudaMemcpyToSymbol in SiftGPU); the taps' products and sums written with
// __fmul_rn and __fadd_rn in SiftGPU's order (no FMA contraction); z folded into the rows.
// Written from memory (the taps are recomputed as SiftGPU does). Exact (single float32
// operations in a fixed order, each correctly rounded). x -> column, y*z -> row.
#include "common.cuh"

#define FW 13

__constant__ float d_kernel[FW] = {
    0.000220380389f, 0.00188898051f, 0.0109555898f, 0.0429929979f, 0.114159867f,
    0.205108121f,    0.249348074f,   0.205108121f,  0.114159867f,  0.0429929979f,
    0.0109555898f,   0.00188898051f, 0.000220380389f};

extern "C" __global__ void siftgpu_filter_h(const float* __restrict__ d_data,
                                            float* __restrict__ d_result, int width,
                                            int height) {
    const int HALF_WIDTH = FW >> 1;
    const int CACHE_WIDTH = blockDim.x + FW - 1;
    extern __shared__ float filter_cache[];  // [by*bz][bx + FW - 1]
    float* data = filter_cache + ga_row_in_block() * CACHE_WIDTH;
    const int row = ga_row();
    const int bcol = blockIdx.x * blockDim.x;
    const int col = bcol + threadIdx.x;
    const int index_min = row * width;
    const int index_max = index_min + width - 1;
    int src_index = index_min + bcol - HALF_WIDTH + threadIdx.x;
    int cache_index = threadIdx.x;
    float value = 0;
    if (row < height) {
        while (cache_index < CACHE_WIDTH) {
            int fetch_index = src_index < index_min ? index_min
                                                    : (src_index > index_max ? index_max
                                                                             : src_index);
            data[cache_index] = d_data[fetch_index];
            src_index += blockDim.x;
            cache_index += blockDim.x;
        }
    }
    __syncthreads();
    if (col >= width || row >= height) return;
#pragma unroll
    for (int i = 0; i < FW; ++i) {
        value = __fadd_rn(value, __fmul_rn(data[threadIdx.x + i], d_kernel[i]));
    }
    d_result[index_min + col] = value;
}
