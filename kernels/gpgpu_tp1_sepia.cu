// GPGPU TP1's sepia (CoralieGold/GPGPU, TP1_GPGPU/Ex3/src/student.cu, launched by studentJob in
// the same file with dim3(32, 32) blocks (the square root of maxThreadsPerBlock, 1,024) on
// ceil(width / 32) x ceil(height / 32) blocks: a GPGPU course's first CUDA exercise (IMAC, TP 1
// "Premiers pas en CUDA", Ex 3) turning an interleaved 8-bit RGB image sepia) (blind check set
// 118: written after calibration, never fitted on). As in the source: x = blockIdx.x
// blockDim.x + threadIdx.x, y = blockIdx.y blockDim.y + threadIdx.y, only x < width and
// y < height; the pixel's bytes r, g, b at 3 (y width + x); each output channel the double
// r c0 + g c1 + b c2 (0.393 0.769 0.189, 0.349 0.686 0.168, 0.272 0.534 0.131), capped at 255
// and truncated to a byte. Departures: the block any shape (x the column; y*z the row, z
// folded in); the source's diagonal grid-stride loop (x and y stepped together) runs once a
// thread under the host's covering grid, so one pixel a thread; the images passed as 32-bit
// words (still read and written a byte at a time; the source reads its input bytes again for
// each channel); the products and sums rounded on their own (__dmul_rn, __dadd_rn, in the
// source's left-to-right order: nvcc would otherwise contract them into FMAs); 64-bit
// offsets. Reimplemented from the published source (its indexing, arithmetic and control
// flow; none of its text). Exact: double products and sums each correctly rounded, then a
// truncation. 2-D, no shared memory: per thread three 1 B loads and three 1 B stores at a
// 3 B stride (a warp's 96 B contiguous each way), nine double multiplies.
#include "common.cuh"

__device__ __forceinline__ unsigned char gp_sepia_channel(double r, double g, double b,
                                                          double c0, double c1, double c2) {
    const double v = __dadd_rn(__dadd_rn(__dmul_rn(r, c0), __dmul_rn(g, c1)), __dmul_rn(b, c2));
    return (unsigned char)(v < 255.0 ? v : 255.0);
}

extern "C" __global__ void gpgpu_tp1_sepia(const unsigned int* input_words,
                                           unsigned int* output_words, int width, int height) {
    const int x = ga_col();
    const int y = ga_row();
    if (x >= width || y >= height) return;
    const long long idx = ((long long)y * width + x) * 3;
    const unsigned char* in = reinterpret_cast<const unsigned char*>(input_words);
    unsigned char* out = reinterpret_cast<unsigned char*>(output_words);
    const double r = in[idx];
    const double g = in[idx + 1];
    const double b = in[idx + 2];
    out[idx] = gp_sepia_channel(r, g, b, 0.393, 0.769, 0.189);
    out[idx + 1] = gp_sepia_channel(r, g, b, 0.349, 0.686, 0.168);
    out[idx + 2] = gp_sepia_channel(r, g, b, 0.272, 0.534, 0.131);
}
