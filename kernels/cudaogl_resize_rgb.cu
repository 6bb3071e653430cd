// CudaOpenGL's 8-bit resizeBatchKernel (duduHuang/CudaOpenGL, convertTool/resize.cu, launched by
// the uint8_t overload of resizeBatch in the same file with dim3 blocks(32, 32, 1): a video
// conversion tool's nearest-neighbour downscale of a packed RGB frame by whole factors, each
// destination pixel copying the three bytes of the first source pixel of its cell) (blind
// check set 114: written after calibration, never fitted on). As in CudaOpenGL: tid =
// blockIdx.x blockDim.x + threadIdx.x (the destination column), tidd = blockIdx.y blockDim.y +
// threadIdx.y (its row), yScale = nSrcHeight / nDstHeight, xScale = 3 (nSrcPitch /
// nDstWidth) bytes; inside the destination, the bytes at tidd yScale nSrcPitch 3 + tid xScale
// + 0, 1, 2 copied to tidd nDstWidth 3 + tid 3 + 0, 1, 2. Departures: the block any shape (x
// the column; y*z the row, z folded in), the grid the destination's (the source's cdiv(
// nSrcPitch, 32) x cdiv(3 nSrcHeight, 32) grid leaves most of its threads idle), the unused
// nBatch argument left out, the 8-bit frames passed as 32-bit words (four bytes a word, still
// read and written a byte at a time as in the source), 64-bit byte offsets. Reimplemented
// from the published source (its indexing, arithmetic and control flow; none of its text).
// Exact: copies. 2-D, no shared memory: per thread three 1 B loads (a warp's 32 pixels
// 3 xScale bytes apart) and three 1 B stores (a warp's 96 B contiguous).
#include "common.cuh"

extern "C" __global__ void cudaogl_resize_rgb(const unsigned int* src_words, int src_pitch,
                                              int src_height, unsigned int* dst_words,
                                              int dst_width, int dst_height) {
    const unsigned char* src = reinterpret_cast<const unsigned char*>(src_words);
    unsigned char* dst = reinterpret_cast<unsigned char*>(dst_words);
    const int col = ga_col();
    const int row = ga_row();
    const int y_step = src_height / dst_height;
    const int x_step = 3 * (src_pitch / dst_width);
    if (col >= dst_width || row >= dst_height) return;
    const long long from = (long long)row * y_step * src_pitch * 3 + (long long)col * x_step;
    const unsigned char r = src[from];
    const unsigned char g = src[from + 1];
    const unsigned char b = src[from + 2];
    const long long to = ((long long)row * dst_width + col) * 3;
    dst[to] = r;
    dst[to + 1] = g;
    dst[to + 2] = b;
}
