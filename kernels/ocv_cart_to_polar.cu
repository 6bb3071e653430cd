// Magnitude and angle of a 2-D vector field, OpenCV's CUDA cartToPolar (opencv_contrib
// modules/cudaarithm/src/cuda/polar_cart.cu: cv::cuda::cartToPolar, as gradient-orientation
// code runs it on the two Sobel derivatives of an image), with the magnitude and the angle in
// degrees (blind check set 34: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind34/ once recorded). For each pixel: mag = sqrtf(x^2 + y^2) (OpenCV's
// NonEmptyMag), angle = atan2f(y, x), plus 2 pi where it is negative ((angle < 0) * 2 pi as
// OpenCV writes it), times scale (180 / pi in float: angleInDegrees). As in OpenCV: one thread
// per pixel, x = blockDim.x blockIdx.x + threadIdx.x, y likewise, the bounds test, the four
// planes addressed by their steps. Departures: OpenCV's 32 x 8 blocks become any block (z
// folded into the rows); the pitched GpuMats are dense (the steps are the width: 4096-float
// rows are pitch-aligned anyway); the template's Mag and Angle policies are inlined (both
// non-empty). Written from memory of OpenCV's kernel. Per thread: two contiguous 4 B loads,
// a sqrtf, an atan2f (a polynomial and a division), two contiguous 4 B stores. float32
// (atan2f: the manifest's tolerance). x -> column, y*z -> row.
#include "common.cuh"

#define OCV_PI_F 3.14159265f

extern "C" __global__ void ocv_cart_to_polar(const float* __restrict__ xptr, int x_step,
                                             const float* __restrict__ yptr, int y_step,
                                             float* __restrict__ mag, int mag_step,
                                             float* __restrict__ angle, int angle_step,
                                             float scale, int width, int height) {
    const int x = ga_col();
    const int y = ga_row();

    if (x < width && y < height) {
        const float x_data = xptr[(long long)y * x_step + x];
        const float y_data = yptr[(long long)y * y_step + x];

        mag[(long long)y * mag_step + x] = ::sqrtf(x_data * x_data + y_data * y_data);

        float angle_data = ::atan2f(y_data, x_data);
        angle_data += (angle_data < 0) * 2.0f * OCV_PI_F;
        angle[(long long)y * angle_step + x] = angle_data * scale;
    }
}
