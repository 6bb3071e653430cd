// cuda-debayer's bayer_to_rgb (avionic-design/cuda-debayer, src/bayer2rgb.cu, launched by
// bayer2rgb_process in the same file with the block and grid bayer2rgb_init sets: a camera's
// RGGB Bayer frame demosaiced by bilinear interpolation into RGB, each thread a 2 x 2 quad
// (B G / G R) starting at pixel (1, 1)) (blind check set 112: written after calibration,
// never fitted on). As in cuda-debayer: x = 2 (blockDim.x blockIdx.x + threadIdx.x) + 1, y =
// 2 (blockDim.y blockIdx.y + threadIdx.y) + 1, only where x - 1 >= 0, x + 2 < imgw, y - 1 >= 0
// and y + 2 < imgh; at the quad's red (x + 1, y + 1) red copied, green the integer mean of
// its four edge neighbours, blue of its four corners; at the lower left green (x, y + 1)
// red the mean of left and right, green copied, blue the mean of top and bottom; at the
// upper right green (x + 1, y) red the mean of top and bottom, green copied, blue of left
// and right; at the blue (x, y) red the mean of its corners, green of its edges, blue
// copied; the means in unsigned integers, truncated (sum / 4 and sum / 2); out at (row imgw
// + column) bpp + channel, an alpha of 255 when bpp is 4; the host's dim3(32, 32) threads on
// cdiv(width / 2, 32) x cdiv(height / 2, 32) blocks. Departures: the block any shape (x the
// quad's column; y*z the quad's row, z folded in), the 8-bit samples and outputs as int32
// (the manifest has no 8-bit type; the values those of uint8), 64-bit output offsets.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none
// of its text). Exact: integer arithmetic. 2-D, no shared memory, x NOT the contiguous
// dimension: a warp's lanes two pixels apart, per thread 16 4 B loads from four rows (a
// warp's 256 B each, overlapping between neighbours) and 12 4 B stores on two rows (bpp 3:
// the lanes 24 B apart).
#include "common.cuh"

extern "C" __global__ void cudadebayer_bayer_to_rgb(const int* in, int* out, unsigned imgw,
                                                    unsigned imgh, unsigned bpp) {
    const int x = 2 * ga_col() + 1;
    const int y = 2 * ga_row() + 1;
    const int w = (int)imgw;
    const int h = (int)imgh;
    if (x - 1 < 0 || x + 2 >= w || y - 1 < 0 || y + 2 >= h) return;
    // the sample at column c, row r
#define P(c, r) ((unsigned)in[(long long)(r) * w + (c)])
#define O(c, r, ch) out[((long long)(r) * w + (c)) * bpp + (ch)]
    // red at the quad's red pixel (x + 1, y + 1)
    {
        const int c = x + 1, r = y + 1;
        O(c, r, 0) = (int)P(c, r);
        O(c, r, 1) = (int)((P(c, r - 1) + P(c, r + 1) + P(c - 1, r) + P(c + 1, r)) / 4);
        O(c, r, 2) = (int)((P(c - 1, r - 1) + P(c + 1, r - 1) + P(c - 1, r + 1)
                            + P(c + 1, r + 1)) / 4);
    }
    // the lower left green (x, y + 1): red along the row, blue along the column
    {
        const int c = x, r = y + 1;
        O(c, r, 0) = (int)((P(c - 1, r) + P(c + 1, r)) / 2);
        O(c, r, 1) = (int)P(c, r);
        O(c, r, 2) = (int)((P(c, r - 1) + P(c, r + 1)) / 2);
    }
    // the upper right green (x + 1, y): red along the column, blue along the row
    {
        const int c = x + 1, r = y;
        O(c, r, 0) = (int)((P(c, r - 1) + P(c, r + 1)) / 2);
        O(c, r, 1) = (int)P(c, r);
        O(c, r, 2) = (int)((P(c - 1, r) + P(c + 1, r)) / 2);
    }
    // the blue pixel (x, y)
    {
        const int c = x, r = y;
        O(c, r, 0) = (int)((P(c - 1, r - 1) + P(c + 1, r - 1) + P(c - 1, r + 1)
                            + P(c + 1, r + 1)) / 4);
        O(c, r, 1) = (int)((P(c, r - 1) + P(c, r + 1) + P(c - 1, r) + P(c + 1, r)) / 4);
        O(c, r, 2) = (int)P(c, r);
    }
    if (bpp == 4) {
        O(x, y, 3) = 255;
        O(x + 1, y, 3) = 255;
        O(x, y + 1, 3) = 255;
        O(x + 1, y + 1, 3) = 255;
    }
#undef P
#undef O
}
