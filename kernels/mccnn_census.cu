// MC-CNN's census (jzbontar/mc-cnn, adcensus.cu, launched by its Lua binding census() in the
// same file with TB = 128 threads on cdiv(D H W, 128) blocks, behind the AD-Census baseline
// of MC-CNN's stereo matching: the census-transform matching cost of every pixel of the left
// image at every disparity, the count of 9 x 9 window comparisons that differ between the two
// views) (blind check set 107: written after calibration, never fitted on). As in MC-CNN: id
// below D H W, x = id mod W, y = id / W mod H, d = id / (W H) times the direction; a disparity
// that takes x + d outside the image gives the no-match value; otherwise for each channel i and
// each window position (yy, xx) within 4 of (y, x), a position inside the image whose shifted
// column xx + d is inside too adds 1 when (x0[i, yy, xx] < x0[i, y, x]) differs from (x1[i, yy,
// xx + d] < x1[i, y, x + d]), any other position adds 1; dist / num_channels stored at id.
// Departures: the block any shape (linearized); the no-match value an argument (the source
// stores CUDART_NAN, which an exact comparison cannot match). Reimplemented from the published
// source (its indexing, arithmetic and control flow; none of its text). Exact: whole-number
// counts below 2^24 divided by a power-of-two channel count. 1-D, no shared memory: per
// thread and channel 81 window positions, each two 4 B loads of the left image and two of the
// right (a warp's lanes consecutive pixels of one disparity: 128 B contiguous, the windows
// shared through L1), and a 4 B store (128 B a warp).
#include "common.cuh"

extern "C" __global__ void mccnn_census(const float* x0, const float* x1, float* output,
                                        int size, int num_channels, int size2, int size3,
                                        int direction, float no_match) {
    const long long id = ga_linear();
    if (id >= size) return;
    int d = (int)id;
    const int x = d % size3;
    d /= size3;
    const int y = d % size2;
    d /= size2;
    d *= direction;
    float dist;
    if (0 <= x + d && x + d < size3) {
        dist = 0.0f;
        for (int i = 0; i < num_channels; ++i) {
            const int ind_p = (i * size2 + y) * size3 + x;
            for (int yy = y - 4; yy <= y + 4; ++yy) {
                for (int xx = x - 4; xx <= x + 4; ++xx) {
                    if (0 <= xx && xx < size3 && 0 <= xx + d && xx + d < size3 && 0 <= yy &&
                        yy < size2) {
                        const int ind_q = (i * size2 + yy) * size3 + xx;
                        if ((x0[ind_q] < x0[ind_p]) != (x1[ind_q + d] < x1[ind_p + d])) {
                            dist += 1.0f;
                        }
                    } else {
                        dist += 1.0f;
                    }
                }
            }
        }
        dist /= num_channels;
    } else {
        dist = no_match;
    }
    output[id] = dist;
}
