// Rotation of a float32 image about its centre with bilinear interpolation and a zero border
// (blind check set 7: kept out of every fit; its sweeps go to fixtures/hopper/blind7/ once
// recorded), as in image augmentation or cv::warpAffine. Output pixel (c, r) samples the
// source at (sx, sy) = M (c, r, 1), the 2 x 3 affine matrix given in Q8 fixed point (1/256
// pixel units, as fixed-point remap code does): the four source pixels around that point are
// blended with integer weights (256 - fx)(256 - fy), fx (256 - fy), ... that sum to 65536,
// and source pixels outside the image count as 0. Along a warp the sample point moves
// (m00, m10) / 256 pixels per thread, a line at the rotation angle, so a warp's loads cross
// several source rows and neighbouring threads share taps. Inputs in [0, 256) keep every
// product and partial sum an integer below 2^24, so results are exact. x -> column,
// y*z -> row.
#include "common.cuh"

// Source pixel (x, y), or 0 outside the image.
__device__ __forceinline__ float ga_rot_tap(const float* __restrict__ in, int rows, int cols,
                                            int x, int y) {
    return (x >= 0 && x < cols && y >= 0 && y < rows) ? in[(size_t)y * cols + x] : 0.0f;
}

extern "C" __global__ void rotate_bilinear(const float* __restrict__ in, float* __restrict__ out,
                                           int rows, int cols, int m00, int m01, int m02,
                                           int m10, int m11, int m12) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    const int sx = m00 * c + m01 * r + m02;  // Q8
    const int sy = m10 * c + m11 * r + m12;
    const int x0 = sx >> 8, y0 = sy >> 8;  // floor, also for negative positions
    const int fx = sx & 255, fy = sy & 255;
    const float w00 = (float)((256 - fx) * (256 - fy));
    const float w01 = (float)(fx * (256 - fy));
    const float w10 = (float)((256 - fx) * fy);
    const float w11 = (float)(fx * fy);
    const float acc = w00 * ga_rot_tap(in, rows, cols, x0, y0)
                    + w01 * ga_rot_tap(in, rows, cols, x0 + 1, y0)
                    + w10 * ga_rot_tap(in, rows, cols, x0, y0 + 1)
                    + w11 * ga_rot_tap(in, rows, cols, x0 + 1, y0 + 1);
    out[(size_t)r * cols + c] = acc * (1.0f / 65536.0f);
}
