// SurfelMeshing's ErodeDepthMapCUDAKernel<2, u16> (puzzlepaint/surfelmeshing,
// applications/surfel_meshing/src/surfel_meshing/cuda_depth_processing.cu, launched by
// ErodeDepthMapCUDA in the same file from SurfelMeshing's per-frame depth preprocessing in
// main.cc: the erosion of the filtered depth map that removes the foreground-fattening pixels at
// depth discontinuities before the surfels are created, --depth_erosion_radius 2 by default)
// (blind check set 97: written after calibration, never fitted on). As in SurfelMeshing: x and
// y the pixel's column and row (unsigned), nothing outside the image; a pixel within radius of
// the border set to 0; otherwise the (2 radius + 1)^2 window walked row by row (no early exit)
// and the pixel's depth kept if none of the window's depths is 0 (invalid), else 0; rows pitch
// elements apart (CUDABuffer_'s pitched rows); the host's 32 x 32 threads on cdiv(width, 32) x
// cdiv(height, 32) blocks. Departures: the block the sweep's, any shape (x the column, y*z the
// row with z folded in); the radius template parameter fixed at its default 2; the u16 depths
// read and written through buffers of 32-bit words (two pixels a word); 64-bit offsets.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: comparisons and copies. 2-D, no shared memory: each interior thread 25 2 B
// loads of its window (a warp's rows of 64 B contiguous, each reused by the warp's neighbours
// and the rows above and below) and a 2 B store (a warp's 64 B contiguous).
#include "common.cuh"

static constexpr int SMESH_ERODE_RADIUS = 2;

extern "C" __global__ void smesh_erode_depth(const unsigned* input_words, unsigned* output_words,
                                             unsigned width, unsigned height, unsigned pitch) {
    const unsigned short* input_depth = reinterpret_cast<const unsigned short*>(input_words);
    unsigned short* output_depth = reinterpret_cast<unsigned short*>(output_words);
    const unsigned x = ga_col();
    const unsigned y = ga_row();
    if (x >= width || y >= height) return;
    const long long at = (long long)y * pitch + x;
    const int r = SMESH_ERODE_RADIUS;
    if (x < r || y < r || x >= width - r || y >= height - r) {
        output_depth[at] = 0;
        return;
    }
    bool all_valid = true;
    for (int sy = (int)y - r; sy <= (int)y + r; ++sy) {
        for (int sx = (int)x - r; sx <= (int)x + r; ++sx) {
            if (input_depth[(long long)sy * pitch + sx] == 0) all_valid = false;
        }
    }
    output_depth[at] = all_valid ? input_depth[at] : 0;
}
