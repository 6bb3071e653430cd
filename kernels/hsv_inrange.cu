// Colour segmentation of a machine-vision camera frame by an HSV range test, OpenCV's
// cvtColor(COLOR_RGB2HSV) fused with inRange as the colour-sorting and pick-and-place
// pipelines run it on every frame (produce grading on a conveyor, coloured-part detection)
// (blind check set 18: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind18/ once recorded). Input: an interleaved 8-bit RGB frame, 3 B a
// pixel, rows packed (the bytes travel in 32-bit words: the buffer is uint32 on the host).
// Per pixel, OpenCV's 8-bit HSV in integer arithmetic: V = max(R, G, B), S = round(255 (V -
// min) / V) (0 for black), H in [0, 180) (half degrees) from the sector of the largest
// channel, rounded half up (0 for grey); the exact integer divisions stand in for OpenCV's
// division tables. Output: an 8-bit mask, 255 where h_lo <= H <= h_hi (a range with h_lo >
// h_hi wraps through 0: the red hues), s_lo <= S <= s_hi and v_lo <= V <= v_hi, else 0, one
// byte a pixel (the buffer is uint32 on the host). Per thread: three 1 B loads 3 B apart
// (a warp's 32 pixels are 96 contiguous bytes), two integer divisions and a handful of
// compares, one 1 B store. Integer arithmetic: exact. x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void hsv_inrange(const unsigned* __restrict__ rgb_words,
                                       unsigned* __restrict__ mask_words, int rows, int cols,
                                       int h_lo, int h_hi, int s_lo, int s_hi, int v_lo,
                                       int v_hi) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    const long long i = (long long)r * cols + c;
    const unsigned char* px = reinterpret_cast<const unsigned char*>(rgb_words) + 3 * i;
    const int red = px[0], green = px[1], blue = px[2];
    const int v = max(red, max(green, blue));
    const int diff = v - min(red, min(green, blue));
    const int s = v ? (255 * diff + v / 2) / v : 0;
    int h = 0;
    if (diff) {
        int num;  // 30 (sector offset + (a - b) / diff) diff: half degrees, never negative
        if (v == red) {
            num = 180 * diff + 30 * (green - blue);
        } else if (v == green) {
            num = 60 * diff + 30 * (blue - red);
        } else {
            num = 120 * diff + 30 * (red - green);
        }
        h = (2 * num + diff) / (2 * diff);  // num / diff rounded half up
        if (h >= 180) {
            h -= 180;
        }
    }
    const bool hue_ok = h_lo <= h_hi ? (h >= h_lo && h <= h_hi) : (h >= h_lo || h <= h_hi);
    const bool in = hue_ok && s >= s_lo && s <= s_hi && v >= v_lo && v <= v_hi;
    reinterpret_cast<unsigned char*>(mask_words)[i] = in ? 255 : 0;
}
