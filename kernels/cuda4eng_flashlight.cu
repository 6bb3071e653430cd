// CUDA for Engineers' flashlight distanceKernel (myurtoglu/cudaforengineers, flashlight/kernel.cu,
// launched by kernelLauncher in the same file with dim3 blockSize(TX, TY), TX = TY = 32, on
// (w + 31) / 32 x (h + 31) / 32 blocks, each frame of the book's "flashlight" GLUT app: an
// RGBA image whose red and green fall off by one a pixel of distance from the reference point
// that the mouse or arrow keys move) (blind check set 118: written after calibration, never
// fitted on). As in the source: c = blockIdx.x blockDim.x + threadIdx.x, r = blockIdx.y
// blockDim.y + threadIdx.y, only c < w and r < h; i = c + r w; dist the int of
// sqrtf((c - pos.x)^2 + (r - pos.y)^2) (the int sum converted to float, the root truncated);
// the intensity 255 - dist clipped to 0-255; the pixel (intensity, intensity, 0, 255).
// Departures: the block any shape (x the column; y*z the row, z folded in), the reference
// point as two int scalars (the source's int2 pos), the pixel's four 1 B stores to the
// uchar4's fields written as one 4 B word (the same bytes, x the low byte), 64-bit indices.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none
// of its text). Exact: integer squares, one correctly rounded sqrtf of an integer below
// 2^24 (exact as a float), a truncation. 2-D, no shared memory, no loads: per thread one
// 4 B store (a warp's 128 B contiguous) after an integer distance and a square root.
#include "common.cuh"

extern "C" __global__ void cuda4eng_flashlight(unsigned int* d_out, int w, int h, int pos_x,
                                               int pos_y) {
    const int c = ga_col();
    const int r = ga_row();
    if (c >= w || r >= h) return;
    const long long i = c + (long long)r * w;
    const int dist = (int)sqrtf((float)((c - pos_x) * (c - pos_x) + (r - pos_y) * (r - pos_y)));
    const int n = 255 - dist;
    const unsigned int intensity = n > 255 ? 255u : (n < 0 ? 0u : (unsigned int)n);
    d_out[i] = intensity | (intensity << 8) | (255u << 24);
}
