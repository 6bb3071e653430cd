// SUSAN edge response of an 8-bit grey image (Smith and Brady's Smallest Univalue Segment
// Assimilating Nucleus detector, the initial response of susan.c's susan_edges), read
// straight from global memory (blind check set 19: written after calibration, never fitted
// on; its sweeps go to fixtures/hopper/blind19/ once recorded). Per pixel, the USAN area n =
// 100 + the sum over the 36 other pixels of the 37-pixel circular mask (rows of 3, 5, 7, 7,
// 7, 5 and 3 pixels, radius 3.4) of bp[|centre - neighbour|], susan.c's brightness lookup
// for the threshold t = 20 and the sixth-power form, (uchar) 100 exp(-(d / t)^6): 100 for
// equal brightness, 0 from a difference of 26 on (the table below, a 256 B array in global
// memory read through L1); the response is max_no - n where n <= max_no (2650, susan.c's
// geometric threshold for edges), else 0, and 0 on the three-pixel border the mask does
// not fit (as susan.c leaves it). Input: 8-bit pixels, rows packed (the bytes travel in
// 32-bit words: the buffer is uint32 on the host); output: the int32 response. Per thread:
// 37 1 B loads from seven rows (a warp's row segment and its neighbours, shared with the
// neighbouring lanes and rows of the block: L1 hits) and 36 1 B table lookups at
// data-dependent addresses of the 256 B table, one contiguous 4 B store. No shared memory.
// Integer arithmetic: exact. x -> column, y*z -> row.
#include "common.cuh"

// susan.c's setup_brightness_lut(bp, 20, 6) by |difference|: 0 from 26 on.
__device__ unsigned char susan_bp[256] = {
    100, 100, 99, 99, 99, 99, 99, 99, 99, 99, 98, 97, 95,
    92, 88, 83, 76, 68, 58, 47, 36, 26, 17, 9, 5, 2,
};

extern "C" __global__ void susan_edges(const unsigned* __restrict__ img_words,
                                       int* __restrict__ response, int rows, int cols,
                                       int max_no) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    const long long i = (long long)r * cols + c;
    if (r < 3 || r >= rows - 3 || c < 3 || c >= cols - 3) {
        response[i] = 0;  // the mask does not fit
        return;
    }
    const unsigned char* img = reinterpret_cast<const unsigned char*>(img_words);
    const int centre = img[i];
    int n = 100;  // the nucleus itself
#pragma unroll
    for (int dy = -3; dy <= 3; ++dy) {
        const int half = dy == -3 || dy == 3 ? 1 : (dy == -2 || dy == 2 ? 2 : 3);
        const unsigned char* row = img + i + (long long)dy * cols;
#pragma unroll
        for (int dx = -3; dx <= 3; ++dx) {
            if (dx < -half || dx > half || (dy == 0 && dx == 0)) {
                continue;
            }
            n += susan_bp[abs(centre - (int)row[dx])];
        }
    }
    response[i] = n <= max_no ? max_no - n : 0;
}
