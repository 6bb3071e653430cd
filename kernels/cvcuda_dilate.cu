// The grey-scale dilation of a batch of images, CV-CUDA's dilate kernel (CVCUDA/CV-CUDA,
// src/cvcuda/priv/legacy/morphology.cu, behind Morphology::infer and MorphFilter2DCaller:
// cvcuda.morphology with NVCV_DILATE, the default 3 x 3 mask and anchor (1, 1) and
// NVCV_BORDER_CONSTANT, as in the mask clean-up of segmentation post-processing) (blind check set
// 60: written after calibration, never fitted on). As in CV-CUDA's 3 x 3 instance
// (UseGenericInterior false): one thread a pixel (x, y) of image blockIdx.z, res starting at
// the type's minimum (0 for dilation); an interior pixel (x > 0, y > 0, x + 1 < width, y + 1 <
// height) takes the maximum of its nine 1 B neighbours read straight from the image, a border
// pixel loops over the kernel's rows and columns from (y - anchor.y, x - anchor.x) through the
// constant border (the border value, 0, outside the image); one 1 B store; the host's 16 x 16
// blocks on cdiv(width, 16) x cdiv(height, 16) x batch. Departures: the block the sweep's, any
// shape (x the column, y*z the row, z folded in); the border and raw tensor wrappers as a packed
// NHW byte image (4 B words cast) read through an explicit bounds test; Size2D and int2 as ints;
// uchar only (one channel). Reimplemented from the published source (its indexing and control
// flow; none of its text). Exact: maxima of bytes. 2-D: x the column, y*z the row, the grid's
// z the image.
#include "common.cuh"

__device__ __forceinline__ unsigned char cvcuda_border_constant(const unsigned char* src,
                                                               int batch, int y, int x,
                                                               int width, int height,
                                                               unsigned char border) {
    if (x < 0 || y < 0 || x >= width || y >= height) return border;
    return src[((long long)batch * height + y) * width + x];
}

extern "C" __global__ void cvcuda_dilate(const unsigned int* __restrict__ src_words,
                                         unsigned int* __restrict__ dst_words, int width,
                                         int height, int kernel_w, int kernel_h, int anchor_x,
                                         int anchor_y) {
    const unsigned char* src = reinterpret_cast<const unsigned char*>(src_words);
    unsigned char* dst = reinterpret_cast<unsigned char*>(dst_words);
    const unsigned char maxmin = 0;  // std::numeric_limits<uchar>::min() for dilation
    unsigned char res = maxmin;
    const int x = ga_col();
    const int y = ga_row();
    const int batch_idx = blockIdx.z;
    if (x >= width || y >= height) return;

    if (kernel_w == 3 && kernel_h == 3 && anchor_x == 1 && anchor_y == 1 && x > 0 && y > 0 &&
        x + 1 < width && y + 1 < height) {
        const unsigned char* row = src + ((long long)batch_idx * height + y) * width + x;
        res = max(res, row[-width - 1]);
        res = max(res, row[-width]);
        res = max(res, row[-width + 1]);
        res = max(res, row[-1]);
        res = max(res, row[0]);
        res = max(res, row[1]);
        res = max(res, row[width - 1]);
        res = max(res, row[width]);
        res = max(res, row[width + 1]);
    } else {
        for (int i = 0; i < kernel_h; ++i) {
            const int cy = y - anchor_y + i;
            for (int j = 0; j < kernel_w; ++j) {
                const int cx = x - anchor_x + j;
                res = max(res, cvcuda_border_constant(src, batch_idx, cy, cx, width, height,
                                                      maxmin));
            }
        }
    }
    dst[((long long)batch_idx * height + y) * width + x] = res;
}
