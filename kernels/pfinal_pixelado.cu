// Proyectofinal's Pixelado (alvarorm254/Proyectofinal, compression.cu, launched by display()
// in UI.cu with dim3 threads(16, 16) on Num_Cols / 16 x Num_Rows / 16 blocks, in place on the
// image's three pitched colour planes: a student image editor's "Pixelado" menu entry, each
// pixel replaced by the top-left pixel of its 5 x 5 cell) (blind check set 117: written after
// calibration, never fitted on). As in Proyectofinal: x = threadIdx.x + blockIdx.x
// blockDim.x, y = threadIdx.y + blockIdx.y blockDim.y, the pixel at x + y * pitch of each of
// the R, G and B planes set from the one at (x - x % 5) + (y - y % 5) * pitch of the same
// plane (bytes; pitch the planes' row pitch in bytes, as cudaMallocPitch gave it), in place
// (a cell's top-left pixel maps to itself, so no thread reads a byte another one changes).
// Departures: the block any shape (x the column; y*z the row, z folded in), threads past the
// width x height image do nothing (the source has no test: its grid floors the image to whole
// 16 x 16 blocks), the planes passed once each as 32-bit words (the source's in-place call
// passes each plane as both input and output; still read and written a byte at a time),
// 64-bit byte offsets. Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: integer indexing and byte copies only.
// 2-D, no shared memory: per thread three 1 B gathers (from its cell's top-left pixel: a
// warp's loads fall on 7 or 8 distinct bytes a row) and three 1 B stores (a warp's 32 B
// contiguous in each plane).
#include "common.cuh"

extern "C" __global__ void pfinal_pixelado(unsigned int* r_plane, unsigned int* g_plane,
                                           unsigned int* b_plane, int pitch, int width,
                                           int height) {
    const int x = ga_col();
    const int y = ga_row();
    if (x >= width || y >= height) return;
    const long long dst = (long long)y * pitch + x;
    const long long src = (long long)(y - y % 5) * pitch + (x - x % 5);
    unsigned char* r = reinterpret_cast<unsigned char*>(r_plane);
    unsigned char* g = reinterpret_cast<unsigned char*>(g_plane);
    unsigned char* b = reinterpret_cast<unsigned char*>(b_plane);
    r[dst] = r[src];
    g[dst] = g[src];
    b[dst] = b[src];
}
