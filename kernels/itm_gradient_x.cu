// The horizontal gradient of a colour image in InfiniTAM's colour tracker, ITMLowLevelEngine's
// GradientX (victorprad/InfiniTAM, ITMLib/Engines/LowLevel/Shared/ITMLowLevelEngine_Shared.h
// gradientX behind ITMLowLevelEngine_CUDA::GradientX's gradientX_device: the x gradient of
// every level of the RGB image pyramid, computed each frame when InfiniTAM tracks the camera
// by colour, ITMColorTracker) (blind check set 54: written after calibration, never fitted
// on). As in InfiniTAM: the image ORUtils' Vector4u (four unsigned chars, byte-aligned: each
// channel read on its own), the gradient Vector4s (four shorts), x = threadIdx.x + blockIdx.x
// blockDim.x and y likewise, pixels with x < 2, x > width - 2, y < 2 or y > height - 2 left
// alone (the host memsets the gradient first), then per channel d1 = image[x + 1, y - 1] -
// image[x - 1, y - 1], d2 the same on row y and d3 on row y + 1, d1.w = d2.w = d3.w = 2 * 255,
// and d_out = (d1 + 2 d2 + d3) / 8 (C's integer division, toward zero), stored as one
// Vector4s at x + y width; the host's 16 x 16 threads on ceil(width / 16) x ceil(height /
// 16) blocks. Departures: the block the sweep's, any shape (x the column, y*z the row, z
// folded in); imgSize's two ints as two arguments; the image and the gradient passed as the
// manifest's 4 B words (one uint32 a pixel, two int32 a gradient) and cast to InfiniTAM's
// types. Written from memory. Exact (integers).
#include "common.cuh"

// ORUtils' Vector4<uchar> and Vector4<short>: plain structs aligned as their elements.
struct Vector4u {
    unsigned char x, y, z, w;
};
struct Vector4s {
    short x, y, z, w;
};

__device__ __forceinline__ void gradientX(Vector4s* grad, int x, int y, const Vector4u* image,
                                          int imgSizeX) {
    Vector4s d1, d2, d3, d_out;

    d1.x = image[(x + 1) + (y - 1) * imgSizeX].x - image[(x - 1) + (y - 1) * imgSizeX].x;
    d1.y = image[(x + 1) + (y - 1) * imgSizeX].y - image[(x - 1) + (y - 1) * imgSizeX].y;
    d1.z = image[(x + 1) + (y - 1) * imgSizeX].z - image[(x - 1) + (y - 1) * imgSizeX].z;

    d2.x = image[(x + 1) + (y)*imgSizeX].x - image[(x - 1) + (y)*imgSizeX].x;
    d2.y = image[(x + 1) + (y)*imgSizeX].y - image[(x - 1) + (y)*imgSizeX].y;
    d2.z = image[(x + 1) + (y)*imgSizeX].z - image[(x - 1) + (y)*imgSizeX].z;

    d3.x = image[(x + 1) + (y + 1) * imgSizeX].x - image[(x - 1) + (y + 1) * imgSizeX].x;
    d3.y = image[(x + 1) + (y + 1) * imgSizeX].y - image[(x - 1) + (y + 1) * imgSizeX].y;
    d3.z = image[(x + 1) + (y + 1) * imgSizeX].z - image[(x - 1) + (y + 1) * imgSizeX].z;

    d1.w = d2.w = d3.w = 2 * 255;

    d_out.x = (d1.x + 2 * d2.x + d3.x) / 8;
    d_out.y = (d1.y + 2 * d2.y + d3.y) / 8;
    d_out.z = (d1.z + 2 * d2.z + d3.z) / 8;
    d_out.w = (d1.w + 2 * d2.w + d3.w) / 8;

    grad[x + y * imgSizeX] = d_out;
}

extern "C" __global__ void itm_gradient_x(int* grad_words, const unsigned* image_words,
                                          int imgSizeX, int imgSizeY) {
    Vector4s* grad = reinterpret_cast<Vector4s*>(grad_words);
    const Vector4u* image = reinterpret_cast<const Vector4u*>(image_words);
    int x = ga_col(), y = ga_row();

    if (x < 2 || x > imgSizeX - 2 || y < 2 || y > imgSizeY - 2) return;

    gradientX(grad, x, y, image, imgSizeX);
}
