// The deformable im2col of modulated deformable convolution (DCNv2), DCNv2's
// modulated_deformable_im2col_gpu_kernel (CharlesShang/DCNv2, src/cuda/dcn_v2_im2col_cuda.cu,
// behind modulated_deformable_im2col_cuda in the same file: dcn_v2_cuda_forward's column
// buffer of every batch before its cuBLAS GEMM with the weights; CenterNet's DLA-34 and
// ResNet upsampling stages run their 3 x 3 deformable convolutions through it) (blind check
// set 66: written after calibration, never fitted on). As in DCNv2: CUDA_KERNEL_LOOP over the
// num_channels batch height_col width_col columns (w_col fastest, then h_col, the batch b, the
// channel c), each thread for each of the kernel's kernel_h x kernel_w taps reading the tap's
// offset pair and mask at (h_col, w_col) of its deformable group, sampling the image at h_im =
// h_col stride_h - pad_h + i dilation_h + offset_h (and w alike) by dmcn_im2col_bilinear
// (four neighbours, each only inside the image) where -1 < h_im < height and -1 < w_im <
// width, else 0, and storing val mask at data_col[((c kh kw + tap) batch + b) height_col +
// h_col) width_col + w_col]; the host's GET_BLOCKS(n) = cdiv(n, 1024) blocks of 1,024
// threads. Departures: the block the sweep's, any shape (linearized; the grid-stride loop
// kept, one pass at cdiv(n, threads) blocks). Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: whole-number offsets (the
// bilinear weights 1 and 0: every product and sum exact, contracted or not), whole-number
// images and masks (every product exact). 1-D: the block is linearized.
#include "common.cuh"

__device__ __forceinline__ float dcn_im2col_bilinear(const float* bottom_data, int data_width,
                                                     int height, int width, float h, float w) {
    const int h_low = floor(h);
    const int w_low = floor(w);
    const int h_high = h_low + 1;
    const int w_high = w_low + 1;

    const float lh = h - h_low;
    const float lw = w - w_low;
    const float hh = 1 - lh, hw = 1 - lw;

    float v1 = 0;
    if (h_low >= 0 && w_low >= 0) v1 = bottom_data[h_low * data_width + w_low];
    float v2 = 0;
    if (h_low >= 0 && w_high <= width - 1) v2 = bottom_data[h_low * data_width + w_high];
    float v3 = 0;
    if (h_high <= height - 1 && w_low >= 0) v3 = bottom_data[h_high * data_width + w_low];
    float v4 = 0;
    if (h_high <= height - 1 && w_high <= width - 1) {
        v4 = bottom_data[h_high * data_width + w_high];
    }
    const float w1 = hh * hw, w2 = hh * lw, w3 = lh * hw, w4 = lh * lw;
    return w1 * v1 + w2 * v2 + w3 * v3 + w4 * v4;
}

extern "C" __global__ void dcnv2_im2col(int n, const float* __restrict__ data_im,
                                        const float* __restrict__ data_offset,
                                        const float* __restrict__ data_mask, int height,
                                        int width, int kernel_h, int kernel_w, int pad_h,
                                        int pad_w, int stride_h, int stride_w, int dilation_h,
                                        int dilation_w, int channel_per_deformable_group,
                                        int batch_size, int num_channels, int deformable_group,
                                        int height_col, int width_col,
                                        float* __restrict__ data_col) {
    const long long stride = (long long)gridDim.x * ga_nthreads();
    for (long long linear = ga_linear(); linear < n; linear += stride) {
        const int index = (int)linear;
        const int w_col = index % width_col;
        const int h_col = (index / width_col) % height_col;
        const int b_col = (index / width_col / height_col) % batch_size;
        const int c_im = (index / width_col / height_col) / batch_size;
        const int c_col = c_im * kernel_h * kernel_w;

        const int deformable_group_index = c_im / channel_per_deformable_group;

        const int h_in = h_col * stride_h - pad_h;
        const int w_in = w_col * stride_w - pad_w;

        float* data_col_ptr =
            data_col + ((c_col * batch_size + b_col) * height_col + h_col) * width_col + w_col;
        const float* data_im_ptr = data_im + (b_col * num_channels + c_im) * height * width;
        const float* data_offset_ptr =
            data_offset + (b_col * deformable_group + deformable_group_index) * 2 * kernel_h *
                              kernel_w * height_col * width_col;
        const float* data_mask_ptr =
            data_mask + (b_col * deformable_group + deformable_group_index) * kernel_h *
                            kernel_w * height_col * width_col;

        for (int i = 0; i < kernel_h; ++i) {
            for (int j = 0; j < kernel_w; ++j) {
                const int offset_h_ptr =
                    ((2 * (i * kernel_w + j)) * height_col + h_col) * width_col + w_col;
                const int offset_w_ptr =
                    ((2 * (i * kernel_w + j) + 1) * height_col + h_col) * width_col + w_col;
                const int mask_hw_ptr = ((i * kernel_w + j) * height_col + h_col) * width_col +
                                        w_col;
                const float offset_h = data_offset_ptr[offset_h_ptr];
                const float offset_w = data_offset_ptr[offset_w_ptr];
                const float mask = data_mask_ptr[mask_hw_ptr];
                float val = 0.0f;
                const float h_im = h_in + i * dilation_h + offset_h;
                const float w_im = w_in + j * dilation_w + offset_w;
                if (h_im > -1 && w_im > -1 && h_im < height && w_im < width) {
                    val = dcn_im2col_bilinear(data_im_ptr, width, height, width, h_im, w_im);
                }
                *data_col_ptr = val * mask;
                data_col_ptr += batch_size * height_col * width_col;
            }
        }
    }
}
