// The weighted accumulation of a non-local-means search offset, vs-nlm-cuda's accumulation
// (AmusementClub/vs-nlm-cuda, source/kernel.cu, a CUDA port of Khanattila's KNLMeansCL:
// launched by accumulation_dispatch from nlmeans() once for every temporal and spatial search
// offset of every frame of the VapourSynth filter nlm_cuda.NLMeans, after the two distance
// passes) (blind check set 59: written after calibration, never fitted on). As in vs-nlm-cuda
// (32-bit float clip, channels "UV": two planes): one thread a pixel (x, y): the offset's
// weight at the pixel from the backward buffer and its mirror's from the forward buffer at
// (x - offset_x, y - offset_y) (clamped to the plane), the pixel's maximum weight raised to
// both and its weight sum increased by both, then for every plane the weighted sum
// accumulated with the centre weight times the source at (x + offset_x, y + offset_y) in the
// frame offset_t before the centre frame and the mirror weight times the source at (x -
// offset_x, y - offset_y) in the frame offset_t after it (coordinates clamped); the host's
// 16 x 8 blocks on cdiv(width, 16) x cdiv(height, 8). Departures: the block the sweep's, any
// shape (x the column, y*z the row, z folded in); the centre frame's pointer (the host's
// offset into the frame window) as the window and an element offset; the 32-bit float clip's
// template instance only. Reimplemented from the published source (its indexing, arithmetic
// and control flow; none of its text). Exact: whole-number weights and pixels, every product
// and sum below 2^24. 2-D: x the column, y*z the row.
#include "common.cuh"

extern "C" __global__ void vsnlm_accumulation(float* __restrict__ wdst,
                                              float* __restrict__ weight,
                                              float* __restrict__ max_weight,
                                              const float* __restrict__ src_window,
                                              int src_offset,
                                              const float* __restrict__ buffer_bwd,
                                              const float* __restrict__ buffer_fwd, int width,
                                              int height, int image_stride, int buffer_stride,
                                              int offset_x, int offset_y, int offset_t,
                                              int num_planes) {
    const float* src = src_window + src_offset;  // the centre frame
    const int x = ga_col();
    const int y = ga_row();
    if (x >= width || y >= height) return;
    const int at = y * buffer_stride + x;
    const int plus_x = min(max(x + offset_x, 0), width - 1);
    const int plus_y = min(max(y + offset_y, 0), height - 1);
    const int minus_x = min(max(x - offset_x, 0), width - 1);
    const int minus_y = min(max(y - offset_y, 0), height - 1);
    const float center_weight = buffer_bwd[at];
    const float mirror_weight = buffer_fwd[minus_y * buffer_stride + minus_x];
    max_weight[at] = fmaxf(max_weight[at], fmaxf(center_weight, mirror_weight));
    weight[at] += center_weight + mirror_weight;
    for (int plane = 0; plane < num_planes; plane++) {
        const float ahead =
            src[((offset_t * num_planes + plane) * height + plus_y) * image_stride + plus_x];
        const float behind =
            src[((plane - offset_t * num_planes) * height + minus_y) * image_stride + minus_x];
        wdst[(plane * height + y) * buffer_stride + x] +=
            center_weight * ahead + mirror_weight * behind;
    }
}
