// TensorRT-Alpha's copyMakeBorderConstantKernel<float, float, 3> (FeiYull/TensorRT-Alpha,
// src/kernels/ops/copy_make_border.cu, launched by launchOne behind CvCopyMakeBorderPlan::launch
// and copyMakeBorderDevice in the same file: OpenCV's copyMakeBorder with BORDER_CONSTANT on
// the GPU, the letterbox padding of TensorRT-Alpha's YOLO preprocessing, each resized image
// placed at (left, top) inside the network's input and the border filled with the pad value)
// (blind check set 103: written after calibration, never fitted on). As in TensorRT-Alpha: idx
// the destination pixel from the x thread index and b the image from the y, nothing at or past
// dstW dstH pixels or the batch; y = idx / dstW, x = idx - y dstW, sy = y - top, sx = x -
// left; inside the source rectangle the pixel's CN = 3 channels copied from src[b][sy][sx],
// else the fill values f0, f1, f2 written; the host's kBlock1D = 256 x 1 threads on
// cdiv(dstW dstH, 256) x batch blocks. Departures: the block the sweep's, any shape
// (linearized over the pixel), the image from the grid's y alone (the source's blockDim.y
// blockIdx.y + threadIdx.y with its one-row blocks); 64-bit offsets (size_t in the source).
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: copies and fill values. 1-D, no shared memory: three 4 B loads 4 B apart
// (a warp's 384 B contiguous inside the image) and three 4 B stores (a warp's 384 B
// contiguous), the border's threads storing only.
#include "common.cuh"

extern "C" __global__ void trtalpha_copy_make_border(const float* src, int srcW, int srcH,
                                                     float* dst, int dstW, int dstH, int top,
                                                     int left, int batchSize, float f0,
                                                     float f1, float f2) {
    const long long pix = (long long)dstW * dstH;
    const long long idx = ga_linear();
    const int b = blockIdx.y;
    if (idx >= pix || b >= batchSize) return;
    const int y = (int)(idx / dstW);
    const int x = (int)(idx - (long long)y * dstW);
    const int sy = y - top;
    const int sx = x - left;
    float* out = dst + ((long long)b * pix + idx) * 3;
    if (sy >= 0 && sy < srcH && sx >= 0 && sx < srcW) {
        const float* s = src + ((long long)b * srcW * srcH + (long long)sy * srcW + sx) * 3;
        for (int c = 0; c < 3; c++) out[c] = s[c];
    } else {
        out[0] = f0;
        out[1] = f1;
        out[2] = f2;
    }
}
