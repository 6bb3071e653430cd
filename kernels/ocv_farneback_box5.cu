// A box filter of five stacked planes, OpenCV's CUDA Farneback optical flow boxFilter5
// (opencv_contrib modules/cudaoptflow/src/cuda/farneback.cu, launched by boxFilter5Gpu; the
// blur of the five planes of the matrix M that cv::cuda::FarnebackOpticalFlow applies between
// updateMatrices and updateFlow without OPTFLOW_FARNEBACK_GAUSSIAN, winSize 13: ksizeHalf 6)
// (blind check set 37: written after calibration, never fitted on). As in OpenCV: each row of
// the block has its own shared row of smw = bdx + 2 ksizeHalf floats per plane (5 smw a block
// row, volatile); the vertical pass: the row's threads take the columns i = tx, tx + bdx, ... <
// smw of the tile (xExt = bx bdx + i - ksizeHalf clamped to the image), each summing the
// column's 2 ksizeHalf + 1 pixels of each plane (rows clamped to the image: the centre, then
// the pairs (y - j, y + j) added together), into shared memory; a barrier; the horizontal pass:
// the thread's 2 ksizeHalf + 1 shared sums of each plane (centre, then the pairs (-i, +i)),
// times boxAreaInv, stored. Departures: OpenCV's 256 x 1 block becomes any bx x by*bz (z folded
// into the rows: by*bz shared rows of 5 (bx + 2 ksizeHalf) floats, the launch's smem formula);
// OpenCV's barrier sits inside the y < height and x < width tests (the threads past the image's
// last row or column skip it: undefined for a partial block, and the CPU shim's barrier counts
// every thread), here it is moved out of both tests (the passes keep their tests); the PtrStepf
// dense with its step in elements. Written from memory of OpenCV's kernel. x -> column, y*z ->
// row; one pixel of each of the five planes per thread.
#include "common.cuh"

extern "C" __global__ void ocv_farneback_box5(int height, int width, const float* src,
                                              int src_step, int ksizeHalf, float boxAreaInv,
                                              float* dst, int dst_step) {
    const int bdx = blockDim.x;
    const int tx = threadIdx.x, ty = ga_row_in_block();
    const int y = blockIdx.y * ga_block_rows() + ty;
    const int x = blockIdx.x * bdx + tx;
    const int smw = bdx + 2 * ksizeHalf;  // shared memory "width"

    extern __shared__ float smem[];
    volatile float* row = smem + 5 * ty * smw;

    if (y < height) {
        // Vertical pass
        for (int i = tx; i < bdx + 2 * ksizeHalf; i += bdx) {
            int xExt = int(blockIdx.x * bdx) + i - ksizeHalf;
            xExt = ::min(::max(xExt, 0), width - 1);

#pragma unroll
            for (int k = 0; k < 5; ++k) row[k * smw + i] = src[(k * height + y) * src_step + xExt];

            for (int j = 1; j <= ksizeHalf; ++j)
#pragma unroll
                for (int k = 0; k < 5; ++k)
                    row[k * smw + i] +=
                        src[(k * height + ::max(y - j, 0)) * src_step + xExt] +
                        src[(k * height + ::min(y + j, height - 1)) * src_step + xExt];
        }
    }

    __syncthreads();

    if (y < height && x < width) {
        // Horizontal pass
        row += tx + ksizeHalf;
        float res[5];

#pragma unroll
        for (int k = 0; k < 5; ++k) res[k] = row[k * smw];

        for (int i = 1; i <= ksizeHalf; ++i)
#pragma unroll
            for (int k = 0; k < 5; ++k) res[k] += row[k * smw - i] + row[k * smw + i];

#pragma unroll
        for (int k = 0; k < 5; ++k) dst[(k * height + y) * dst_step + x] = res[k] * boxAreaInv;
    }
}
