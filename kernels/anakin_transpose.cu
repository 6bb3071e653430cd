// Anakin's tiled transpose of every channel plane of an NCHW tensor, transpose_tile_2d_if<float>
// (PaddlePaddle/Anakin, saber/funcs/impl/cuda/base/cuda_c/saber_transpose.cu, launched by
// SaberTranspose<NV, OpDtype>::dispatch in the same file: Anakin's Transpose operator, the height
// and width of each of the num x channel planes swapped (the output's height the input's width))
// (blind check set 79: written after calibration, never fitted on). As in Anakin: a 16 x 16
// tile a block (SABER_TRANSPOSE_TILE_DIM) in a 16 x 17 shared tile, the block looping over all
// num x channel planes; per plane (offset plane H W) the input element (x = blockIdx.x 16 + tx,
// y = blockIdx.y 16 + ty) inside width x height loaded into tile[ty][tx], a barrier, then the
// output element (x = blockIdx.y 16 + tx, y = blockIdx.x 16 + ty) inside height x width stored
// from tile[tx][ty] at x + y height, a barrier before the next plane; the host's 16 x 16 threads
// on cdiv(W, 16) x cdiv(H, 16) blocks. Departures: the block the sweep's, any shape (the tile's
// 16 columns in steps of blockDim.x from threadIdx.x, its 16 rows in steps of the block's rows
// from threadIdx.y + blockDim.y threadIdx.z: the source's one element a thread for 16 x 16
// blocks); the static tile one dynamic allocation; float32 (the source's shared tile's type).
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: copies. 2-D, shared memory: a fixed 16 x 16 tile a block divided among its
// threads (a per-block work split), looping over every plane, x -> tile column, y*z -> tile rows.
#include "common.cuh"

#define AK_TILE 16

extern "C" __global__ void anakin_transpose(float* odata, const float* idata, int num, int channel,
                                            int height, int width) {
    extern __shared__ float ak_tile[];  // [AK_TILE][AK_TILE + 1]
    const int tx0 = threadIdx.x;
    const int ty0 = ga_row_in_block();
    const int rows = ga_block_rows();
    const unsigned plane = (unsigned)height * (unsigned)width;
    for (int i = 0; i < num * channel; ++i) {
        const unsigned offset = (unsigned)i * plane;
        for (int ty = ty0; ty < AK_TILE; ty += rows) {
            for (int tx = tx0; tx < AK_TILE; tx += blockDim.x) {
                const unsigned x = blockIdx.x * AK_TILE + tx;
                const unsigned y = blockIdx.y * AK_TILE + ty;
                if (x < (unsigned)width && y < (unsigned)height) {
                    ak_tile[ty * (AK_TILE + 1) + tx] = idata[offset + x + y * width];
                }
            }
        }
        __syncthreads();
        for (int ty = ty0; ty < AK_TILE; ty += rows) {
            for (int tx = tx0; tx < AK_TILE; tx += blockDim.x) {
                const unsigned x = blockIdx.y * AK_TILE + tx;
                const unsigned y = blockIdx.x * AK_TILE + ty;
                if (x < (unsigned)height && y < (unsigned)width) {
                    odata[offset + x + y * height] = ak_tile[tx * (AK_TILE + 1) + ty];
                }
            }
        }
        __syncthreads();
    }
}
