// ONNX Runtime's tiled transpose of a 3-D tensor's last two axes, Transpose3DKernel<int32_t>
// (microsoft/onnxruntime, onnxruntime/core/providers/cuda/tensor/transpose_impl.cu, launched by
// Transpose3DImpl in the same file, which the CUDA execution provider's Transpose operator takes
// for a permutation (0, 2, 1) whose last two sizes are multiples of 16: e.g. an NHWC activation
// made NCHW, or a per-head matrix transposed, in every ONNX model that needs it) (blind check set
// 82: written after calibration, never fitted on). As in ONNX Runtime: x = blockIdx.x TILE +
// threadIdx.x and y = blockIdx.y TILE + threadIdx.y, the tile's (y, x) read from the input at
// blockIdx.z input_strides[0] + y shape[2] + x into shared memory at threadIdx.y TILE +
// threadIdx.x, a barrier, then x = blockIdx.y TILE + threadIdx.x and y = blockIdx.x TILE +
// threadIdx.y and the output at blockIdx.z input_strides[0] + y shape[1] + x written from the
// tile at threadIdx.x TILE + threadIdx.y; the host's 16 x 16 threads (TILE_DIM) on shape[2] / 16
// x shape[1] / 16 x shape[0] blocks. Departures: the block the sweep's, any shape: a tile of
// by*bz rows x bx columns (z folded into the rows) read as in the source, then written as bx
// output rows of by*bz values, the thread's linear index split into its output row (index /
// (by*bz)) and column (index % (by*bz)) (the same threads and tile slots as the source at 16 x
// 16); bounds tests on both sides (the source needs multiples of 16 and has none); the tile one
// dynamic allocation of the block's size (the source's static tile of 16 x 17, its padding never
// indexed); float for int32_t (4-byte copies either way); the offsets in 64 bits. Reimplemented
// from the published source (its indexing, arithmetic and control flow; none of its text). Exact:
// copies. 2-D, shared memory: x -> input column (a warp's 4 B loads contiguous along an input
// row), y*z -> input row; each block's 4 B stores along output rows (by*bz values contiguous).
#include "common.cuh"

extern "C" __global__ void ort_transpose3d(const float* input_data, float* output_data,
                                           int shape1, int shape2, long long stride0) {
    extern __shared__ float ort_tile[];  // by*bz rows of bx values
    const int tile_cols = blockDim.x;
    const int tile_rows = ga_block_rows();
    const long long plane = (long long)blockIdx.z * stride0;
    int x = ga_col();
    int y = ga_row();
    if (y < shape1 && x < shape2) {
        ort_tile[ga_row_in_block() * tile_cols + threadIdx.x] =
            input_data[plane + (long long)y * shape2 + x];
    }
    __syncthreads();
    const int t = (int)ga_tid();
    const int out_r = t / tile_rows;  // an output row of the tile (an input column)
    const int out_c = t % tile_rows;  // its position (an input row)
    x = blockIdx.y * tile_rows + out_c;
    y = blockIdx.x * tile_cols + out_r;
    if (y < shape2 && x < shape1) {
        output_data[plane + (long long)y * shape1 + x] = ort_tile[out_c * tile_cols + out_r];
    }
}
