// nvblox's per-pixel difference of two depth images, differenceImageKernel<float>
// (nvidia-isaac/nvblox, nvblox/src/sensors/image.cu, launched by getDifferenceImageGPUTemplate
// in the same file behind image::getDifferenceImageGPU(DepthImage, DepthImage, DepthImage*), the
// absolute difference image nvblox's tests and tools take between a rendered and a measured depth
// frame) (blind check set 82: written after calibration, never fitted on). As in nvblox:
// row_idx = blockIdx.x blockDim.x + threadIdx.x and col_idx = blockIdx.y blockDim.y +
// threadIdx.y (x the ROW of the row-major image: a warp's lanes a row apart, NOT the contiguous
// axis, though the source's comment says otherwise); inside rows x cols the pixel's two depths
// read and |d1 - d2| stored at row_idx cols + col_idx; the host's 8 x 8 threads on (rows / 8 + 1)
// x (cols / 8 + 1) blocks (one block too many in each direction where 8 divides the size).
// Departures: the block the sweep's, any shape (x the row, y*z the column, z folded in); the
// pixel offset in 64 bits. Reimplemented from the published source (its indexing, arithmetic
// and control flow; none of its text). Exact: the difference of whole numbers below 2^24. 2-D:
// x -> row (a thread's pixel 15 KB from its x neighbours'), y*z -> column; two 4 B loads and
// one 4 B store a thread.
#include "common.cuh"

extern "C" __global__ void nvblox_difference_image(float* diff_image, int rows, int cols,
                                                   const float* image_1, const float* image_2) {
    const int row_idx = ga_col();  // x -> the image's row
    const int col_idx = ga_row();  // y*z -> its column
    if (col_idx < cols && row_idx < rows) {
        const long long at = (long long)row_idx * cols + col_idx;
        const float d1 = image_1[at];
        const float d2 = image_2[at];
        diff_image[at] = fabsf(d1 - d2);
    }
}
