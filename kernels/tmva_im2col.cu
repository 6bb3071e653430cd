// ROOT TMVA's convolution lowering, TMVA::DNN::Cuda::Im2Col<float> (root-project/root,
// tmva/tmva/src/DNN/Architectures/Cuda/Kernels.cuh, launched by TCuda<AFloat>::Im2col in
// tmva/tmva/src/DNN/Architectures/Cuda/Propagation.cu: TCuda::ConvLayerForward, the forward pass of
// every TMVA CNN convolution layer on the GPU, one event's feature map rearranged into the
// local-view matrix that cuBLAS then multiplies by the filters) (blind check set 76: written after
// calibration, never fitted on). As in TMVA: i = blockDim.y blockIdx.y + threadIdx.y the row of A
// (a local view), j = blockDim.x blockIdx.x + threadIdx.x the column of A (a pixel of the receptive
// field: channel, filter row, filter column), the output sizes from calculateDimension ((img - flt
// + 2 pad) / stride + 1), outside (i < NLocalViews and j < NLocalViewPixels) a return, A
// column-major (index = j NLocalViews + i), bz = j / (fltHeight fltWidth), by = (i /
// numSlidesPerRow) strideRows - zeroPaddingHeight + (j - bz fltHeight fltWidth) / fltWidth, bx = (i
// % numSlidesPerRow) strideCols - zeroPaddingWidth + (j - bz fltHeight fltWidth) % fltWidth, a
// padding element 0, else A[index] = B[(bx + by imgWidth) depth + bz] (B column-major, depth rows
// of imgHeight imgWidth pixels); the host's TDevice::BlockDims2D() = 1 x 32 threads on
// GridDims2D(A) = NLocalViewPixels x cdiv(NLocalViews, 32) blocks, one launch an event. Departures:
// the block the sweep's, any shape (x the column j, y*z the row i, z folded in). Reimplemented from
// the published source (its indexing, arithmetic and control flow; none of its text). Exact: copies
// and zeros. 2-D: x -> receptive-field pixel j (A's columns, NLocalViews values apart), y*z ->
// local view i (contiguous in A).
#include "common.cuh"

// TMVA's calculateDimension: the output size along one axis.
__device__ __forceinline__ int tmva_out_dim(int img, int flt, int pad, int stride) {
    return (img - flt + 2 * pad) / stride + 1;
}

extern "C" __global__ void tmva_im2col(float* A, const float* B, int depth, int imgHeight,
                                       int imgWidth, int fltHeight, int fltWidth,
                                       int strideRows, int strideCols, int zeroPaddingHeight,
                                       int zeroPaddingWidth) {
    const int i = ga_row();  // local view: A's row
    const int j = ga_col();  // receptive-field pixel: A's column
    const int view_pixels = fltHeight * fltWidth * depth;
    const int slides_per_row = tmva_out_dim(imgWidth, fltWidth, zeroPaddingWidth, strideCols);
    const int views =
        slides_per_row * tmva_out_dim(imgHeight, fltHeight, zeroPaddingHeight, strideRows);
    if (i >= views || j >= view_pixels) return;
    const int index = j * views + i;
    const int filter_area = fltHeight * fltWidth;
    const int channel = j / filter_area;
    const int tap = j - channel * filter_area;
    const int in_row = (i / slides_per_row) * strideRows - zeroPaddingHeight + tap / fltWidth;
    const int in_col = (i % slides_per_row) * strideCols - zeroPaddingWidth + tap % fltWidth;
    if (in_col < 0 || in_row < 0 || in_col >= imgWidth || in_row >= imgHeight) {
        A[index] = 0.0f;  // zero padding
    } else {
        A[index] = B[(in_col + in_row * imgWidth) * depth + channel];
    }
}
