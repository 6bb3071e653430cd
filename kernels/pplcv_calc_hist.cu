// PPL.CV's 256-bin histogram of a pitched 8-bit image, unmaskedCalcHistKernel1 (OpenPPL/ppl.cv,
// src/ppl/cv/cuda/calchist.cu, launched by calcHist in the same file behind CalcHist<uchar>, the
// OpenCV-compatible cv::calcHist of OpenPPL's CV library used by its inference pipelines: the
// grey-level histogram of a frame, e.g. for histogram equalization or exposure statistics; this
// kernel when the row pitch is a multiple of 4 bytes but not the width) (blind check set 80:
// written after calibration, never fitted on). As in PPL.CV: a block's 256-bin histogram in
// shared memory zeroed (one bin a thread of the 32 x 8 block), a barrier, element_x =
// (blockIdx.x << 5) + threadIdx.x a word of 4 pixels (index_x = 4 element_x its first pixel) and
// element_y = (blockIdx.y << 3) + threadIdx.y its row, stepping by gridDim.y blockDim.y rows below
// rows; where index_x < cols the row's word read through a uint pointer at element_y src_stride
// bytes, its four bytes counted with shared atomicAdd (the bytes past cols - 1, cols - 2, cols - 3
// skipped in the row's last word); a barrier, then each thread's bin added to the global
// histogram with atomicAdd where its count is positive; the host's 32 x 8 threads (kBlockDimX1 x
// kBlockDimY1) on cdiv(cdiv(cols, 4), 32) x min(MAX_BLOCKS / grid.x, cdiv(rows, 8)) blocks
// (MAX_BLOCKS 128: a grid of at most 128 blocks, the rows looped). Departures: the block the
// sweep's, any shape (x the word, y*z the row, z folded in; the 256 bins zeroed and flushed in
// steps of the block's threads: the source's one bin a thread of its 256); at least one block
// row (the source's MAX_BLOCKS / grid.x is 0 for grids over 128 blocks wide); the static bins
// one dynamic allocation; the image passed as its 32-bit words (the source's uchar pointer,
// read through a uint pointer all the same); the last word's test for a fourth pixel dropped
// (never true there); the row's byte offset in 64 bits. Reimplemented from the published source
// (its indexing, arithmetic and control flow; none of its text). Exact: integer counts (the
// atomics in any order). 2-D, shared memory: a capped grid looping over the rows, x -> a 4 B
// word of 4 pixels (a warp's 128 B contiguous), y*z -> row; four shared atomics a word and 256
// global atomics a block.
#include "common.cuh"

extern "C" __global__ void pplcv_calc_hist(const unsigned int* src, int rows, int cols,
                                           int src_stride, int* histogram) {
    extern __shared__ int pplcv_bins[];  // 256 bins
    const int tid = (int)ga_tid();
    const int nthreads = (int)ga_nthreads();
    const int element_x = ga_col();  // a word of four pixels
    const int index_x = element_x * 4;  // its first pixel
    for (int b = tid; b < 256; b += nthreads) pplcv_bins[b] = 0;
    __syncthreads();
    const int row_step = gridDim.y * ga_block_rows();
    for (int element_y = ga_row(); element_y < rows; element_y += row_step) {
        if (index_x < cols) {
            const unsigned int* line = (const unsigned int*)((const unsigned char*)src +
                                                             (long long)element_y * src_stride);
            const unsigned int value = line[element_x];
            if (index_x < cols - 3) {
                atomicAdd(&pplcv_bins[value & 0xFFu], 1);
                atomicAdd(&pplcv_bins[(value >> 8) & 0xFFu], 1);
                atomicAdd(&pplcv_bins[(value >> 16) & 0xFFu], 1);
                atomicAdd(&pplcv_bins[(value >> 24) & 0xFFu], 1);
            } else {  // the row's last word, partly past its end
                atomicAdd(&pplcv_bins[value & 0xFFu], 1);
                if (index_x < cols - 1) atomicAdd(&pplcv_bins[(value >> 8) & 0xFFu], 1);
                if (index_x < cols - 2) atomicAdd(&pplcv_bins[(value >> 16) & 0xFFu], 1);
            }
        }
    }
    __syncthreads();
    for (int b = tid; b < 256; b += nthreads) {
        const int count = pplcv_bins[b];
        if (count > 0) atomicAdd(histogram + b, count);
    }
}
