// The im2col lowering of a 2-D convolution's input, Caffe's im2col_gpu_kernel
// (src/caffe/util/im2col.cu; PyTorch's im2col kernel in aten/src/ATen/native/cuda/im2col.cuh
// and Darknet's im2col_gpu are the same loop): every output position's receptive field
// copied into a column of data_col so that the convolution becomes one GEMM, with zero
// padding, strides and dilation, here for a U-Net layer's 3 x 3 convolution (blind check set
// 24: written after calibration, never fitted on; its sweeps go to fixtures/hopper/blind24/
// once recorded). data_im is one image's channels x height x width float32 planes; the output
// grid is height_col = (height + 2 pad_h - (dilation_h (kernel_h - 1) + 1)) / stride_h + 1
// by width_col (likewise), and data_col is (channels kernel_h kernel_w) x (height_col
// width_col), row c kernel_h kernel_w + i kernel_w + j holding, at column h width_col + w,
// the pixel (h stride_h - pad_h + i dilation_h, w stride_w - pad_w + j dilation_w) of channel
// c, 0 outside the image. Caffe's kernel takes one (channel, h, w) of the output grid per
// thread, index = (c height_col + h) width_col + w (a grid-stride loop over them); here the
// same index is the 2-D grid's: x -> w, y*z -> c height_col + h, one position per thread.
// Per thread: kernel_h kernel_w 4 B loads of its receptive field (a warp's lanes contiguous
// for stride 1, neighbouring threads' fields overlapping: each pixel is read kernel_h kernel_w
// times, mostly from L1), the same number of bounds tests, and kernel_h kernel_w 4 B stores
// height_col width_col elements apart (each coalesced across the warp: the output is
// kernel_h kernel_w times the input). No shared memory. A copy: exact. x -> output column w,
// y*z -> output row (c, h).
#include "common.cuh"

extern "C" __global__ void im2col(const float* __restrict__ data_im, float* __restrict__ data_col,
                                  int height, int width, int kernel_h, int kernel_w, int pad_h,
                                  int pad_w, int stride_h, int stride_w, int dilation_h,
                                  int dilation_w, int height_col, int width_col, int rows) {
    const int w_col = ga_col();
    const int h_index = ga_row();  // c_im * height_col + h_col
    if (h_index >= rows || w_col >= width_col) {
        return;
    }
    const int h_col = h_index % height_col;
    const int c_im = h_index / height_col;
    const int c_col = c_im * kernel_h * kernel_w;
    const int h_offset = h_col * stride_h - pad_h;
    const int w_offset = w_col * stride_w - pad_w;
    const long long plane = (long long)height_col * width_col;  // one data_col row
    float* col_ptr = data_col + (c_col * (long long)height_col + h_col) * width_col + w_col;
    const float* im_ptr = data_im + ((long long)c_im * height + h_offset) * width + w_offset;
    for (int i = 0; i < kernel_h; ++i) {
        for (int j = 0; j < kernel_w; ++j) {
            const int h_im = h_offset + i * dilation_h;
            const int w_im = w_offset + j * dilation_w;
            *col_ptr = (h_im >= 0 && w_im >= 0 && h_im < height && w_im < width)
                           ? im_ptr[(long long)i * dilation_h * width + j * dilation_w]
                           : 0.0f;
            col_ptr += plane;
        }
    }
}
