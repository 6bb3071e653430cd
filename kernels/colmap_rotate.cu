// COLMAP's 90-degree counter-clockwise rotation of a pitched GPU matrix, CudaRotateKernel<float>
// (colmap/colmap, src/colmap/mvs/cuda_rotate.h, launched by CudaRotate in the same file behind
// GpuMat<T>::Rotate (src/colmap/mvs/gpu_mat.h), one launch a slice: PatchMatch stereo's
// GpuMat maps (depth, normal, cost) turned by 90 degrees between its sweep directions) (blind
// check set 83: written after calibration, never fitted on). As in COLMAP: input_x =
// blockDim.x blockIdx.x + threadIdx.x and input_y = blockDim.y blockIdx.y + threadIdx.y, a
// return outside width x height, output_x = input_y and output_y = width - 1 - input_x, the
// value read at byte offset input_y input_pitch (element input_x) and stored at byte offset
// output_y output_pitch (element output_x); the host's 32 x 1 threads (TILE_DIM_ROTATE) on
// cdiv(width, 32) x height blocks. Departures: the block the sweep's, any shape (x the input
// column, y*z the input row, z folded in); the row offsets in 64 bits. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// copies. 2-D: x -> input column (a warp's 4 B loads 128 B contiguous along an input row),
// y*z -> input row; its 4 B stores a column of the output: a warp's 32 stores 32 output rows
// (16 KiB) apart.
#include "common.cuh"

extern "C" __global__ void colmap_rotate(float* output_data, const float* input_data, int width,
                                         int height, int input_pitch, int output_pitch) {
    const int input_x = ga_col();  // x -> input column
    const int input_y = ga_row();  // y*z -> input row
    if (input_x >= width || input_y >= height) return;
    const int output_x = input_y;
    const int output_y = width - 1 - input_x;
    const char* in_row = (const char*)input_data + (long long)input_y * input_pitch;
    char* out_row = (char*)output_data + (long long)output_y * output_pitch;
    ((float*)out_row)[output_x] = ((const float*)in_row)[input_x];
}
