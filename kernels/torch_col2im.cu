// The col2im of a 2-D convolution (the columns of im2col summed back into the image: the
// input gradient of PyTorch's slow_conv2d backward, F.fold), PyTorch's col2im_kernel
// (aten/src/ATen/native/cuda/im2col.cuh, col2im_device inlined; Caffe's col2im_gpu_kernel
// with int64 indices), one image element per thread (blind check set 33: written after
// calibration, never fitted on; its sweeps go to fixtures/hopper/blind33/ once recorded).
// Image element (c, h, w) gathers, over the output positions (h_col, w_col) whose kernel
// window covers (h + pad_h, w + pad_w) at a tap on the dilation grid, the column entry ((c
// kernel_h + h_k) kernel_w + w_k, h_col width_col + w_col), summed in float (acc_type of
// float) in h_col then w_col order. As in ATen: CUDA_KERNEL_LOOP_TYPE's grid-stride loop with
// int64 indices, the window's start and end by int64 divisions, the dilation test by int64
// remainders, a non-atomic store per element. The manifest's problem is the backward of
// VGG-16's conv1_2 for one image (64 channels of 224 x 224, a 3 x 3 kernel, padding 1,
// stride 1). Departures: ATen launches GET_BLOCKS(n, 512) blocks of 512 threads (here
// cdiv(n, threads) of any shape: one trip of the loop); the batched form (col2im_batched_
// kernel, F.fold on a batch) is not used. Written from memory of ATen's kernel. Per thread:
// seven int64 divisions and remainders for its coordinates and window, then per window
// position (9 here) two int64 remainders, a few multiplies and a 4 B load (the 9 taps
// HCOL*WCOL floats apart, each contiguous across the warp), and one contiguous 4 B store.
// float32 (integer columns: exact). 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void torch_col2im(const long long n, const float* __restrict__ data_col,
                                        const long long height, const long long width,
                                        const long long channels, const long long kernel_h,
                                        const long long kernel_w, const long long pad_height,
                                        const long long pad_width,
                                        const long long stride_height,
                                        const long long stride_width,
                                        const long long dilation_height,
                                        const long long dilation_width,
                                        const long long height_col, const long long width_col,
                                        float* __restrict__ data_im) {
    // CUDA_KERNEL_LOOP_TYPE(index, n, int64_t)
    long long _i_n_d_e_x = ga_linear();
    for (long long index = _i_n_d_e_x; _i_n_d_e_x < (n);
         _i_n_d_e_x += (long long)ga_nthreads() * gridDim.x, index = _i_n_d_e_x) {
        float val = static_cast<float>(0);
        const long long w_im = index % width + pad_width;
        const long long h_im = (index / width) % height + pad_height;
        const long long c_im = index / (width * height);
        long long kernel_extent_w = (kernel_w - 1) * dilation_width + 1;
        long long kernel_extent_h = (kernel_h - 1) * dilation_height + 1;
        // compute the start and end of the output
        const long long w_col_start =
            (w_im < kernel_extent_w) ? 0 : (w_im - kernel_extent_w) / stride_width + 1;
        const long long w_col_end = ::min(w_im / stride_width + 1, width_col);
        const long long h_col_start =
            (h_im < kernel_extent_h) ? 0 : (h_im - kernel_extent_h) / stride_height + 1;
        const long long h_col_end = ::min(h_im / stride_height + 1, height_col);

        // TODO: use LCM of stride and dilation to avoid unnecessary loops
        for (long long h_col = h_col_start; h_col < h_col_end; h_col += 1) {
            for (long long w_col = w_col_start; w_col < w_col_end; w_col += 1) {
                long long h_k = (h_im - h_col * stride_height);
                long long w_k = (w_im - w_col * stride_width);
                if (h_k % dilation_height == 0 && w_k % dilation_width == 0) {
                    h_k /= dilation_height;
                    w_k /= dilation_width;
                    long long data_col_index =
                        (((c_im * kernel_h + h_k) * kernel_w + w_k) * height_col + h_col) *
                            width_col + w_col;
                    val += data_col[data_col_index];
                }
            }
        }
        data_im[index] = static_cast<float>(val);
    }
}
