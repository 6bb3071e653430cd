// Content-aware feature upsampling (CARAFE: each output pixel a weighted sum of the k x k
// window around its source pixel, the weights predicted per output pixel), mmcv's
// carafe_naive_forward_cuda_kernel<float> (open-mmlab/mmcv,
// mmcv/ops/csrc/common/cuda/carafe_naive_cuda_kernel.cuh, behind
// CARAFENaiveForwardCUDAKernelLauncher: mmcv.ops.CARAFENaive, the upsampler of an FPN's
// top-down path in MMDetection's CARAFE configurations) (blind check set 50: written after
// calibration, never fitted on). As in mmcv: CUDA_1D_KERNEL_LOOP(index, nthreads), a
// grid-stride loop (index from blockIdx.x blockDim.x + threadIdx.x in steps of blockDim.x
// gridDim.x) over the output's NCHW elements, pw = index % width, ph = (index / width) %
// height, c = (index / width / height) % channels, n = index / width / height / channels;
// mask_channels = kernel_size^2 group_size, mask_group = c / (channels / group_size), the
// source pixel (ph / scale_factor, pw / scale_factor) of the down_height x down_width input,
// its window from down - (kernel_size - 1) / 2 to down + (kernel_size - 1) / 2, a tap outside
// the input skipped, mask_c = (mask_group kernel_size + mask_iy) kernel_size + mask_ix,
// output_val += bottom_data[((n channels + c) down_height + iy) down_width + ix]
// bottom_masks[((n mask_channels + mask_c) height + ph) width + pw] (iy, then ix, in order) and
// one store; the host's THREADS_PER_BLOCK (512) threads on GET_BLOCKS(output_size) =
// min(cdiv(output_size, 512), 4096) blocks. Departures: the 512 threads the block's threads, any
// shape (linearized in the loop's start and step), the grid min(cdiv(nthreads, threads), 4096)
// (mmcv's cap of 4096 blocks kept); the product and sum written with __fmul_rn and __fadd_rn
// (no FMA contraction). Written from memory. Exact (whole-number features and weights: every
// partial sum a small integer). 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void mmcv_carafe_naive(const int nthreads, const float* bottom_data,
                                             const float* bottom_masks, float* top_data,
                                             const int kernel_size, const int group_size,
                                             const int scale_factor, const int channels,
                                             const int height, const int width) {
    for (int index = blockIdx.x * ga_nthreads() + ga_tid(); index < nthreads;
         index += ga_nthreads() * gridDim.x) {
        // (n, c, ph, pw) is an element in the bottom_data
        int pw = index % width;
        int ph = (index / width) % height;
        int c = (index / width / height) % channels;
        int n = index / width / height / channels;

        int mask_channels = kernel_size * kernel_size * group_size;
        int mask_group = c / (channels / group_size);

        int down_pw = pw / scale_factor;
        int down_ph = ph / scale_factor;
        int down_width = width / scale_factor;
        int down_height = height / scale_factor;
        int start_w = down_pw - (kernel_size - 1) / 2;
        int end_w = down_pw + (kernel_size - 1) / 2 + 1;
        int start_h = down_ph - (kernel_size - 1) / 2;
        int end_h = down_ph + (kernel_size - 1) / 2 + 1;

        float output_val = 0;
        for (int iy = start_h; iy < end_h; iy++) {
            for (int ix = start_w; ix < end_w; ix++) {
                if (iy < 0 || iy > down_height - 1 || ix < 0 || ix > down_width - 1) {
                    continue;
                }
                int mask_iy = iy - down_ph + (kernel_size - 1) / 2;
                int mask_ix = ix - down_pw + (kernel_size - 1) / 2;
                int mask_c = (mask_group * kernel_size + mask_iy) * kernel_size + mask_ix;
                int feat_index = ((n * channels + c) * down_height + iy) * down_width + ix;
                int mask_index = ((n * mask_channels + mask_c) * height + ph) * width + pw;
                output_val = __fadd_rn(
                    output_val, __fmul_rn(bottom_data[feat_index], bottom_masks[mask_index]));
            }
        }
        top_data[index] = output_val;
    }
}
