// Non-maximum suppression of body-part heat maps, OpenPose's nmsRegisterKernel
// (CMU-Perceptual-Computing-Lab/openpose, src/openpose/net/nmsBase.cu: the first kernel of
// nmsGpu, before thrust's exclusive scan of the flags and nmsWriteKernel's peak list) (blind
// check set 45: written after calibration, never fitted on). As in OpenPose: x from x, y from
// y; an interior pixel (0 < x < w - 1, 0 < y < h - 1) whose value is above threshold and
// strictly above all eight neighbours registered as a peak (1), every other interior pixel 0,
// and the map's border pixels (x == 0, x == w - 1, y == 0 or y == h - 1) 0. Departures:
// OpenPose's host loop over the batch's images and parts (a launch per map, the pointers
// offset by w h) the grid's z (a layer of blocks per map); a thread past the map's right or
// bottom edge stores nothing (OpenPose's unsigned x and y would store a border 0 one row on);
// x and y ints (auto from unsigned there); z folded into the rows. Written from memory. Exact
// (comparisons only). x -> column, y*z -> row, grid z -> map.
#include "common.cuh"

extern "C" __global__ void openpose_nms_register(int* __restrict__ kernelPtr,
                                                 const float* __restrict__ sourcePtr,
                                                 const int w, const int h,
                                                 const float threshold) {
    const int x = ga_col();
    const int y = ga_row();
    // the map of this grid layer (OpenPose's host loop offsets both pointers)
    const long long offset = (long long)blockIdx.z * w * h;
    kernelPtr += offset;
    sourcePtr += offset;
    const int index = y * w + x;

    if (0 < x && x < (w - 1) && 0 < y && y < (h - 1)) {
        const float value = sourcePtr[index];
        if (value > threshold) {
            const float topLeft = sourcePtr[(y - 1) * w + x - 1];
            const float top = sourcePtr[(y - 1) * w + x];
            const float topRight = sourcePtr[(y - 1) * w + x + 1];
            const float left = sourcePtr[y * w + x - 1];
            const float right = sourcePtr[y * w + x + 1];
            const float bottomLeft = sourcePtr[(y + 1) * w + x - 1];
            const float bottom = sourcePtr[(y + 1) * w + x];
            const float bottomRight = sourcePtr[(y + 1) * w + x + 1];

            if (value > topLeft && value > top && value > topRight && value > left &&
                value > right && value > bottomLeft && value > bottom && value > bottomRight)
                kernelPtr[index] = 1;
            else
                kernelPtr[index] = 0;
        } else
            kernelPtr[index] = 0;
    } else if (x < w && y < h && (x == 0 || x == (w - 1) || y == 0 || y == (h - 1)))
        kernelPtr[index] = 0;
}
