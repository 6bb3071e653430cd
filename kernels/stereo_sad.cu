// Block-matching stereo: disparity[r, c] = the d in [0, D) that minimizes the sum of
// absolute differences between the 5 x 5 window of the left image around (r, c) and the
// right image's window around (r, c - d), the lowest d on ties, coordinates clamped to the
// image (edge replication) (blind check set 9: kept out of every fit; its sweeps go to
// fixtures/hopper/blind9/ once recorded). 8-bit grayscale images, bytes packed 4 to a uint32
// word, row-major without padding. Each thread evaluates D x 25 absolute differences, 1 B
// loads from the two images that the warp's neighbouring columns and the block's rows share
// (L1 hits after the first), and stores one int32 disparity. No shared memory. x -> column,
// y*z -> row.
#include "common.cuh"

#define GA_SAD_RADIUS 2

extern "C" __global__ void stereo_sad(const unsigned* __restrict__ left_words,
                                      const unsigned* __restrict__ right_words,
                                      int* __restrict__ disparity, int rows, int cols,
                                      int ndisp) {
    const unsigned char* left = reinterpret_cast<const unsigned char*>(left_words);
    const unsigned char* right = reinterpret_cast<const unsigned char*>(right_words);
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    int best = 0;
    int best_cost = 0x7fffffff;
    for (int d = 0; d < ndisp; ++d) {
        int cost = 0;
        for (int dy = -GA_SAD_RADIUS; dy <= GA_SAD_RADIUS; ++dy) {
            const long long base = (long long)min(max(r + dy, 0), rows - 1) * cols;
            for (int dx = -GA_SAD_RADIUS; dx <= GA_SAD_RADIUS; ++dx) {
                const int xl = min(max(c + dx, 0), cols - 1);
                const int xr = min(max(c + dx - d, 0), cols - 1);
                cost += abs((int)left[base + xl] - (int)right[base + xr]);
            }
        }
        if (cost < best_cost) {
            best_cost = cost;
            best = d;
        }
    }
    disparity[(long long)r * cols + c] = best;
}
