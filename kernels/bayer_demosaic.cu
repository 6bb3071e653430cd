// Bilinear demosaicing of a 16-bit RGGB Bayer raw frame to RGBA8, as a camera ISP does
// before display: at each pixel the colour it sampled is its own value and the two missing
// ones are the rounded means of the nearest samples of that colour, (a + b + 1) >> 1 of two
// orthogonal neighbours or (a + b + c + d + 2) >> 2 of four orthogonal or four diagonal ones,
// borders mirrored without repeating the edge (OpenCV's BORDER_REFLECT_101, which keeps the
// Bayer phase); each channel is scaled to 8 bits (>> 8) and packed R | G << 8 | B << 16 |
// 255 << 24 (blind check set 10: kept out of every fit; its sweeps go to
// fixtures/hopper/blind10/ once recorded). Row 0 starts R G R G, row 1 G B G B. One thread per
// pixel: nine 2 B loads from three rows of the raw frame (neighbouring lanes share them, L1
// hits), branches on the pixel's phase (the lanes of a warp alternate between two), one
// contiguous 4 B store. Integer arithmetic: exact. x -> column, y*z -> row.
#include "common.cuh"

__device__ __forceinline__ int bayer_reflect(int i, int n) {
    return i < 0 ? -i : (i >= n ? 2 * n - 2 - i : i);
}

extern "C" __global__ void bayer_demosaic(const unsigned* __restrict__ raw_words,
                                          unsigned* __restrict__ rgba, int rows, int cols) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    const unsigned short* raw = reinterpret_cast<const unsigned short*>(raw_words);
    const int up = bayer_reflect(r - 1, rows), down = bayer_reflect(r + 1, rows);
    const int left = bayer_reflect(c - 1, cols), right = bayer_reflect(c + 1, cols);
    const unsigned short* row_up = raw + (long long)up * cols;
    const unsigned short* row_mid = raw + (long long)r * cols;
    const unsigned short* row_down = raw + (long long)down * cols;
    const unsigned centre = row_mid[c];
    const unsigned cross = row_up[c] + row_down[c] + row_mid[left] + row_mid[right];
    const unsigned diag = row_up[left] + row_up[right] + row_down[left] + row_down[right];
    const unsigned horiz = (row_mid[left] + row_mid[right] + 1) >> 1;
    const unsigned vert = (row_up[c] + row_down[c] + 1) >> 1;
    unsigned red, green, blue;
    if ((r & 1) == 0) {
        if ((c & 1) == 0) {  // R site
            red = centre;
            green = (cross + 2) >> 2;
            blue = (diag + 2) >> 2;
        } else {  // G on a red row
            red = horiz;
            green = centre;
            blue = vert;
        }
    } else {
        if ((c & 1) == 0) {  // G on a blue row
            red = vert;
            green = centre;
            blue = horiz;
        } else {  // B site
            red = (diag + 2) >> 2;
            green = (cross + 2) >> 2;
            blue = centre;
        }
    }
    rgba[(long long)r * cols + c] = (red >> 8) | (green >> 8) << 8 | (blue >> 8) << 16 | 255u << 24;
}
