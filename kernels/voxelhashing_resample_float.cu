// VoxelHashing's resampleFloatMapDevice (niessner/VoxelHashing,
// DepthSensingCUDA/Source/CameraUtil.cu, launched by resampleFloatMap in the same file: the
// resampling of a float depth or intensity map of VoxelHashing's depth-sensing pipeline to
// another resolution, each output pixel bilinearly interpolated from the input map with
// invalid (MINF) samples left out and the weights renormalized) (blind check set 106:
// written after calibration, never fitted on). As in VoxelHashing: x and y the output pixel
// from the thread indices, nothing at or past the output's width or height; the scales
// (inputWidth - 1) / (outputWidth - 1) and likewise for the height in float; the nearest
// input pixel (x scale + 0.5, y scale + 0.5) checked inside the input; then
// bilinearInterpolationFloat at (x scale, y scale): p00 = (floor, floor), alpha and beta the
// fractions; each of the four neighbours inside the input (unsigned tests) and valid adding
// its weight times its value to s0 (the row above) or s1 (the row below) and its weight to
// w0 or w1; p0 = s0 / w0, p1 = s1 / w1; ss and ww from (1 - beta) p0 where w0 > 0 and beta
// p1 where w1 > 0; ss / ww, or MINF where ww is 0; the host's T_PER_BLOCK = 16 x 16 threads
// on cdiv(outputWidth, 16) x cdiv(outputHeight, 16) blocks. Departures: the block the
// sweep's, any shape (x the column, y*z the row, z folded in); 64-bit offsets. Reimplemented
// from the published source (its indexing, arithmetic and control flow; none of its text).
// Exact: scales of 1/4 (input and output sizes one more than multiples of 1 and 4), the
// fractions 0, 1/4, 1/2 or 3/4, whole-number maps (no MINF drawn), every product, sum and
// division (by 1, or by a weight that is a power of two) exact in float32. 2-D, no shared
// memory: four 4 B gathers a thread (two input rows, a warp's lanes a quarter of an input
// pixel apart: 32 lanes in 9 input pixels, 36 B) and a 4 B store (a warp's 128 B contiguous).
#include "common.cuh"

#define VH_MINF __int_as_float(0xff800000)

extern "C" __global__ void voxelhashing_resample_float(float* out, const float* in,
                                                       unsigned int inputWidth,
                                                       unsigned int inputHeight,
                                                       unsigned int outputWidth,
                                                       unsigned int outputHeight) {
    const int x = ga_col();
    const int y = ga_row();
    if (x >= (int)outputWidth || y >= (int)outputHeight) return;
    const float scaleWidth = (float)(inputWidth - 1) / (float)(outputWidth - 1);
    const float scaleHeight = (float)(inputHeight - 1) / (float)(outputHeight - 1);
    const unsigned int xInput = (unsigned int)(x * scaleWidth + 0.5f);
    const unsigned int yInput = (unsigned int)(y * scaleHeight + 0.5f);
    if (xInput >= inputWidth || yInput >= inputHeight) return;
    const float fx = x * scaleWidth, fy = y * scaleHeight;
    const int x0 = (int)floorf(fx), y0 = (int)floorf(fy);
    const float alpha = fx - x0;
    const float beta = fy - y0;
    const unsigned int cx[2] = {(unsigned int)x0, (unsigned int)(x0 + 1)};
    const unsigned int cy[2] = {(unsigned int)y0, (unsigned int)(y0 + 1)};
    const float wa[2] = {1.0f - alpha, alpha};
    float s[2] = {0.0f, 0.0f}, w[2] = {0.0f, 0.0f};
    for (int r = 0; r < 2; r++) {
        for (int c = 0; c < 2; c++) {
            if (cx[c] < inputWidth && cy[r] < inputHeight) {
                const float v = in[(long long)cy[r] * inputWidth + cx[c]];
                if (v != VH_MINF) {
                    s[r] += wa[c] * v;
                    w[r] += wa[c];
                }
            }
        }
    }
    const float p0 = s[0] / w[0];
    const float p1 = s[1] / w[1];
    float ss = 0.0f, ww = 0.0f;
    if (w[0] > 0.0f) {
        ss += (1.0f - beta) * p0;
        ww += 1.0f - beta;
    }
    if (w[1] > 0.0f) {
        ss += beta * p1;
        ww += beta;
    }
    out[(long long)y * outputWidth + x] = ww > 0.0f ? ss / ww : VH_MINF;
}
