// Erosion of a depth map's invalid pixels and depth edges, BundleFusion's erodeDepthMapDevice
// (niessner/BundleFusion, FriedLiver/Source/CUDAImageUtil.cu, behind
// CUDAImageUtil::erodeDepthMap: the input depth of the SIFT frames cleaned before BundleFusion's
// global pose optimization; the same file as VoxelHashing's) (blind check set 48: written after
// calibration, never fitted on). As in BundleFusion: x the column and y the row, a thread
// inside the image counting, over the (2 structureSize + 1)^2 window around its pixel (the
// pixels inside the image only), the depths that are invalid (MINF or 0) or differ from its own
// by more than dThresh (fabs(depth - oldDepth) > dThresh), then its pixel set to MINF where
// (float)count / (float)sum >= fracReq (sum the window's size, the clipped border still
// dividing by the full window) and copied otherwise; the host's T_PER_BLOCK = 16 x 16 blocks on
// a grid of (width + 15) / 16 x (height + 15) / 16. Departures: the block the sweep's, any
// shape, the grid cdiv(width, bx) x cdiv(height, by*bz); the input pointer const __restrict__;
// z folded into the rows. Written from memory (the condition with dThresh as remembered).
// Exact (float32 comparisons, one correctly rounded division of two small integers).
// x -> column, y*z -> row.
#include "common.cuh"

#define MINF __int_as_float(0xff800000)

extern "C" __global__ void bf_erode_depth(float* __restrict__ d_output,
                                          const float* __restrict__ d_input, int structureSize,
                                          int width, int height, float dThresh, float fracReq) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = ga_row();

    if (x >= 0 && x < width && y >= 0 && y < height) {
        unsigned int count = 0;
        float oldDepth = d_input[y * width + x];
        for (int i = -structureSize; i <= structureSize; i++) {
            for (int j = -structureSize; j <= structureSize; j++) {
                if (x + j >= 0 && x + j < width && y + i >= 0 && y + i < height) {
                    float depth = d_input[(y + i) * width + (x + j)];
                    if (depth == MINF || depth == 0.0f || fabsf(depth - oldDepth) > dThresh) {
                        count++;
                    }
                }
            }
        }

        unsigned int sum = (2 * structureSize + 1) * (2 * structureSize + 1);
        if ((float)count / (float)sum >= fracReq) {
            d_output[y * width + x] = MINF;
        } else {
            d_output[y * width + x] = d_input[y * width + x];
        }
    }
}
