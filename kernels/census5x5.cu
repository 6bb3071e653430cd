// 5x5 census transform of an 8-bit grey image, as stereo-matching pipelines (semi-global
// matching on GPUs) compute it before Hamming-distance costs: bit 23 - j of out[r, c] is 1 where
// neighbour j of the 24 in the 5x5 window (row-major, centre skipped) is darker than the
// centre pixel, coordinates clamped to the image (replicated borders) (blind check set 11:
// kept out of every fit; its sweeps go to fixtures/hopper/blind11/ once recorded). One thread
// per pixel: 25 1 B loads from five rows (neighbouring lanes and rows of the block share them:
// L1 hits), 24 compares, one contiguous 4 B store. Integer: exact. x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void census5x5(const unsigned* __restrict__ img_words,
                                     unsigned* __restrict__ out, int rows, int cols) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    const unsigned char* img = reinterpret_cast<const unsigned char*>(img_words);
    const unsigned char centre = img[(long long)r * cols + c];
    unsigned code = 0;
    for (int dy = -2; dy <= 2; ++dy) {
        int y = r + dy;
        y = y < 0 ? 0 : (y >= rows ? rows - 1 : y);
        const unsigned char* row = img + (long long)y * cols;
        for (int dx = -2; dx <= 2; ++dx) {
            if (dy == 0 && dx == 0) {
                continue;
            }
            int x = c + dx;
            x = x < 0 ? 0 : (x >= cols ? cols - 1 : x);
            code = (code << 1) | (row[x] < centre ? 1u : 0u);
        }
    }
    out[(long long)r * cols + c] = code;
}
