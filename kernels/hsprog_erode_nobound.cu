// hs-progpar-2024's gpu_kernel_erosion_no_boundary (edo01/hs-progpar-2024, hs9/src/
// kernel_morphology.cu, launched by test_morphology_gpu in hs9/src/main.cu with tile_width
// 32 and tile_height 4: a course project's grey-level morphology on 8-bit video frames, each
// pixel the minimum over the structuring element's switched-on cells of its (2r+1) x (2r+1)
// window, the r-pixel frame border copied unchanged) (blind check set 114: written after
// calibration, never fitted on). As in hs-progpar-2024: x = blockIdx.x blockDim.x +
// threadIdx.x, y = blockIdx.y blockDim.y + threadIdx.y, threads past the frame return, a
// border pixel (x or y closer than mask_radius to an edge) copied from the input, an inner
// pixel the minimum (starting from 255) of the input over the window cells whose Mask entry
// ((dy + r)(2r + 1) + dx + r) is non-zero; the host's dim3 block(32, 4) on
// cdiv(width, 32) x cdiv(height, 4) blocks. Departures: the block any shape (x the column;
// y*z the row, z folded in), the 8-bit frames passed as 32-bit words (four pixels a word,
// read and written byte by byte as in the source), 64-bit pixel offsets. Reimplemented from
// the published source (its indexing, arithmetic and control flow; none of its text).
// Exact: byte minima and copies. 2-D, no shared memory: per inner thread up to (2r+1)^2 1 B
// loads (a warp's 32 B contiguous a window row, shared with the neighbouring threads and
// rows through L1), (2r+1)^2 4 B mask loads (the same address for every lane) and one 1 B
// store (a warp's 32 B contiguous).
#include "common.cuh"

extern "C" __global__ void hsprog_erode_nobound(const unsigned int* frame_in_words,
                                                unsigned int* frame_out_words, int height,
                                                int width, const int* mask, int mask_radius) {
    const unsigned char* src = reinterpret_cast<const unsigned char*>(frame_in_words);
    unsigned char* dst = reinterpret_cast<unsigned char*>(frame_out_words);
    const int x = ga_col();
    const int y = ga_row();
    if (x >= width || y >= height) return;
    const int r = mask_radius;
    const long long pix = (long long)y * width + x;
    const bool inner = x >= r && x < width - r && y >= r && y < height - r;
    if (!inner) {
        dst[pix] = src[pix];
        return;
    }
    const int side = 2 * r + 1;
    int lowest = 255;
    for (int dy = -r; dy <= r; ++dy) {
        const long long row = pix + (long long)dy * width;
        for (int dx = -r; dx <= r; ++dx) {
            if (mask[(dy + r) * side + dx + r] != 0) {
                const int v = src[row + dx];
                lowest = v < lowest ? v : lowest;
            }
        }
    }
    dst[pix] = (unsigned char)lowest;
}
