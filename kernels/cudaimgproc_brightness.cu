// CUDAImageProcessing's brightness (buihuy1203/CUDAImageProcessing, cuda/brightness.cu:
// brightnessKernel, launched by ParallelBrightnessCUDA in the same file with dim3(16, 16)
// blocks on ceil(cols / 16) x ceil(rows / 16) blocks: an OpenCV-side image-processing
// project's CUDA path adding a signed brightness offset to every channel of an interleaved
// 8-bit BGR image) (blind check set 119: written after calibration, never fitted on). As in
// the source: x = blockIdx.x blockDim.x + threadIdx.x (the column), y = blockIdx.y
// blockDim.y + threadIdx.y (the row), only y < rows and x < cols; the pixel's bytes at
// 3 (y cols + x); each channel the float byte + (float)bright, turned to an int and clamped
// through fmaxf(0, fminf(v, 255)) (the source's int clamp helper), stored as a byte.
// Departures: the block any shape (x the column; y*z the row, z folded in); the images
// passed as 32-bit words (still read and written a byte at a time); 64-bit offsets.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none
// of its text). Exact: the sums are integers below 2^24, so the float add and the clamp are
// exact. 2-D, no shared memory: per thread three 1 B loads and three 1 B stores at a 3 B
// stride (a warp's 96 B contiguous each way), three float adds and clamps.
#include "common.cuh"

__device__ __forceinline__ int cip_clamp(int value, int low, int high) {
    return (int)fmaxf((float)low, fminf((float)value, (float)high));
}

extern "C" __global__ void cudaimgproc_brightness(const unsigned int* input_words,
                                                  unsigned int* output_words, int rows,
                                                  int cols, int bright) {
    const int x = ga_col();
    const int y = ga_row();
    if (y >= rows || x >= cols) return;
    const long long idx = ((long long)y * cols + x) * 3;
    const unsigned char* in = reinterpret_cast<const unsigned char*>(input_words);
    unsigned char* out = reinterpret_cast<unsigned char*>(output_words);
    for (int c = 0; c < 3; ++c) {
        out[idx + c] = (unsigned char)cip_clamp((int)(in[idx + c] + (float)bright), 0, 255);
    }
}
