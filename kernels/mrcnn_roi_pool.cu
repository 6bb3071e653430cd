// maskrcnn-benchmark's RoI max pooling, RoIPoolFForward<float> (facebookresearch/
// maskrcnn-benchmark, maskrcnn_benchmark/csrc/cuda/ROIPool_cuda.cu, behind ROIPool_forward_cuda
// in the same file: layers.ROIPool's forward, a Fast R-CNN box head's pooling of every proposal
// into a 7 x 7 grid of maxima of the conv5 feature map, the argmax kept for the backward)
// (blind check set 74: written after calibration, never fitted on). As in maskrcnn-benchmark:
// a grid-stride loop over (n, c, ph, pw), the roi's corners round(corner spatial_scale), its
// size max(end - start + 1, 1) a side (malformed rois 1 x 1), bin sizes roi_height /
// pooled_height and roi_width / pooled_width, the bin [floor(ph bin_h), ceil((ph + 1) bin_h))
// x [floor(pw bin_w), ceil((pw + 1) bin_w)) offset by the roi's start and clipped to the map,
// the maximum over it (0 and argmax -1 when empty, else from -FLT_MAX, the first strict
// maximum in row-major order) stored with its index h width + w; the host's 512 threads on
// min(cdiv(outputs, 512), 4096) blocks. Departures: the block the sweep's, any shape
// (linearized; the grid-stride loop kept over the capped grid); the rois' five floats (batch,
// x1, y1, x2, y2) as an int32 batch index and two float32 corner pairs (the manifest's buffers:
// starts and ends drawn apart); the products ph bin_h written with __fmul_rn (nothing to
// contract: the floats as the source's). Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: whole-number features,
// dyadic corners (multiples of 1/16), the bins from one correctly rounded division and one
// product each. 1-D: one thread an output value, the grid capped and looping.
#include "common.cuh"

extern "C" __global__ void mrcnn_roi_pool(int nthreads, const float* __restrict__ bottom_data,
                                          float spatial_scale, int channels, int height,
                                          int width, int pooled_height, int pooled_width,
                                          const int* __restrict__ roi_batch,
                                          const float* __restrict__ roi_start,
                                          const float* __restrict__ roi_end,
                                          float* __restrict__ top_data,
                                          int* __restrict__ argmax_data) {
    const int stride = gridDim.x * (int)ga_nthreads();
    for (int index = (int)ga_linear(); index < nthreads; index += stride) {
        const int pw = index % pooled_width;
        const int ph = (index / pooled_width) % pooled_height;
        const int c = (index / pooled_width / pooled_height) % channels;
        const int n = index / pooled_width / pooled_height / channels;

        const int roi_batch_ind = roi_batch[n];
        const int roi_start_w = (int)roundf(roi_start[2 * n] * spatial_scale);
        const int roi_start_h = (int)roundf(roi_start[2 * n + 1] * spatial_scale);
        const int roi_end_w = (int)roundf(roi_end[2 * n] * spatial_scale);
        const int roi_end_h = (int)roundf(roi_end[2 * n + 1] * spatial_scale);

        const int roi_width = max(roi_end_w - roi_start_w + 1, 1);
        const int roi_height = max(roi_end_h - roi_start_h + 1, 1);
        const float bin_size_h = (float)roi_height / (float)pooled_height;
        const float bin_size_w = (float)roi_width / (float)pooled_width;

        int hstart = (int)floorf(__fmul_rn((float)ph, bin_size_h));
        int wstart = (int)floorf(__fmul_rn((float)pw, bin_size_w));
        int hend = (int)ceilf(__fmul_rn((float)(ph + 1), bin_size_h));
        int wend = (int)ceilf(__fmul_rn((float)(pw + 1), bin_size_w));

        hstart = min(max(hstart + roi_start_h, 0), height);
        hend = min(max(hend + roi_start_h, 0), height);
        wstart = min(max(wstart + roi_start_w, 0), width);
        wend = min(max(wend + roi_start_w, 0), width);
        const bool is_empty = (hend <= hstart) || (wend <= wstart);

        float maxval = is_empty ? 0.0f : -3.402823466e+38f;  // -FLT_MAX
        int maxidx = -1;
        const float* offset_bottom_data =
            bottom_data + ((long long)roi_batch_ind * channels + c) * height * width;
        for (int h = hstart; h < hend; ++h) {
            for (int w = wstart; w < wend; ++w) {
                const int bottom_index = h * width + w;
                if (offset_bottom_data[bottom_index] > maxval) {
                    maxval = offset_bottom_data[bottom_index];
                    maxidx = bottom_index;
                }
            }
        }
        top_data[index] = maxval;
        argmax_data[index] = maxidx;
    }
}
