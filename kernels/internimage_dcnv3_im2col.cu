// InternImage's dcnv3_im2col_gpu_kernel<float> with dcnv3_im2col_bilinear (OpenGVLab/
// InternImage, classification/ops_dcnv3/src/cuda/dcnv3_im2col_cuda.cuh, launched by
// dcnv3_im2col_cuda in the same file behind DCNv3Function's forward: the sampling step of
// InternImage's deformable convolution v3, each output channel of each output pixel summing its
// group's K x K deformed, bilinearly sampled input values weighted by the point's modulation
// mask) (blind check set 96: written after calibration, never fitted on). As in InternImage:
// CUDA_KERNEL_LOOP over num_kernels = N H_out W_out G Gc, index unravelled into the channel in
// the group c, the sampling index (pixel and group), g, the output column and row (p0 = the
// kernel's centre offset - pad + position stride) and the batch; the masks at sampling_index
// (K K - remove_center) and the offsets (w, h pairs) at twice that, walked with i over the
// kernel's columns outer and j over its rows inner, the centre skipped when remove_center;
// loc_w = p0_w - ((dil (K - 1)) >> 1) offset_scale + (i dil + offset_w) offset_scale, loc_h
// likewise; where -1 < loc < size, the bilinear sample of the NHWC input (four corners, each
// read only inside the map, weights (1 - lh)(1 - lw), (1 - lh) lw, lh (1 - lw), lh lw) times
// the mask added to col; col stored at index; the host's CUDA_NUM_THREADS = 256 threads on
// GET_BLOCKS(num_kernels, 256) blocks (the loop run once). Departures: the block any shape
// (linearized, the loop striding by the grid's threads); float only (of
// AT_DISPATCH_FLOATING_TYPES_AND_HALF; opmath float); the data's offsets whole numbers with
// offset_scale 0.5 (InternImage's default 1.0) so that every sampling point lies on a whole or
// half pixel (the bilinear weights 1, 1/2 or 1/4: InternImage's are arbitrary fractions), and
// the masks whole numbers (InternImage's a softmax), for exactness. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact: sums
// of quarter-integer multiples far below 2^24 (whatever the contraction). 1-D, no shared
// memory, a per-thread loop: K K points, each two 4 B offset loads and a 4 B mask load
// (broadcast across a group's Gc lanes) and up to four 4 B input gathers (a group's Gc lanes
// contiguous, the corners scattered by the offsets), one 4 B store (a warp's 128 B).
#include "common.cuh"

__device__ __forceinline__ float dcn3_bilinear(const float* bottom_data, int height, int width,
                                               int group, int group_channels, float h, float w,
                                               int g, int c) {
    const int h_low = (int)floorf(h);
    const int w_low = (int)floorf(w);
    const int h_high = h_low + 1;
    const int w_high = w_low + 1;
    const float lh = h - h_low;
    const float lw = w - w_low;
    const float hh = 1 - lh, hw = 1 - lw;
    const int w_stride = group * group_channels;
    const int h_stride = width * w_stride;
    const int base = g * group_channels + c;

    float v1 = 0, v2 = 0, v3 = 0, v4 = 0;
    if (h_low >= 0 && w_low >= 0) v1 = bottom_data[h_low * h_stride + w_low * w_stride + base];
    if (h_low >= 0 && w_high <= width - 1)
        v2 = bottom_data[h_low * h_stride + w_high * w_stride + base];
    if (h_high <= height - 1 && w_low >= 0)
        v3 = bottom_data[h_high * h_stride + w_low * w_stride + base];
    if (h_high <= height - 1 && w_high <= width - 1)
        v4 = bottom_data[h_high * h_stride + w_high * w_stride + base];
    return hh * hw * v1 + hh * lw * v2 + lh * hw * v3 + lh * lw * v4;
}

extern "C" __global__ void internimage_dcnv3_im2col(
    int num_kernels, const float* data_im, const float* data_offset, const float* data_mask,
    float* data_col, int kernel_h, int kernel_w, int stride_h, int stride_w, int pad_h,
    int pad_w, int dilation_h, int dilation_w, int group, int group_channels, int height_in,
    int width_in, int height_out, int width_out, float offset_scale, int remove_center) {
    const long long stride = (long long)gridDim.x * ga_nthreads();
    for (long long at = ga_linear(); at < num_kernels; at += stride) {
        int t = (int)at;
        const int c_col = t % group_channels;
        t /= group_channels;
        const int sampling_index = t;
        const int g_col = t % group;
        t /= group;
        const int p0_w = ((dilation_w * (kernel_w - 1)) >> 1) - pad_w + (t % width_out) * stride_w;
        t /= width_out;
        const int p0_h = ((dilation_h * (kernel_h - 1)) >> 1) - pad_h + (t % height_out) * stride_h;
        t /= height_out;
        const int b_col = t;

        const int qid_stride = group * group_channels;
        const int kernel_size = kernel_h * kernel_w - remove_center;
        long long weight_at = (long long)sampling_index * kernel_size;
        long long loc_at = weight_at * 2;
        const float* im = data_im + (long long)b_col * height_in * width_in * qid_stride;
        const float p0_w_ = p0_w - ((dilation_w * (kernel_w - 1)) >> 1) * offset_scale;
        const float p0_h_ = p0_h - ((dilation_h * (kernel_h - 1)) >> 1) * offset_scale;
        const int center_h = kernel_h / 2;
        const int center_w = kernel_w / 2;

        float col = 0;
        for (int i = 0; i < kernel_w; ++i) {
            for (int j = 0; j < kernel_h; ++j) {
                if (i != center_w || j != center_h || !remove_center) {
                    const float offset_w = data_offset[loc_at];
                    const float offset_h = data_offset[loc_at + 1];
                    const float loc_w = p0_w_ + (i * dilation_w + offset_w) * offset_scale;
                    const float loc_h = p0_h_ + (j * dilation_h + offset_h) * offset_scale;
                    const float weight = data_mask[weight_at];
                    if (loc_h > -1 && loc_w > -1 && loc_h < height_in && loc_w < width_in) {
                        col += dcn3_bilinear(im, height_in, width_in, group, group_channels,
                                             loc_h, loc_w, g_col, c_col) * weight;
                    }
                    weight_at += 1;
                    loc_at += 2;
                }
            }
        }
        data_col[at] = col;
    }
}
