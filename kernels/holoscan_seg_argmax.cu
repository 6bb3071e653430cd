// Holoscan's segmentation post-processing, postprocessing_kernel<kSoftmax, kNCHW>
// (nvidia-holoscan/holoscan-sdk, src/operators/segmentation_postprocessor/
// segmentation_postprocessor.cu, launched by cuda_postprocess in the same file behind the
// SegmentationPostprocessorOp operator: a segmentation network's per-class scores turned into
// one uint8 class label a pixel for the visualizer) (blind check set 79: written after
// calibration, never fitted on). As in Holoscan: x = blockIdx.x blockDim.x + threadIdx.x the
// column and y the row, outside width x height a return; max_value = 0 and max_index = 0, then
// for each channel c the score input[(c height + y) width + x] (uint32 index) taken when
// greater than max_value (the first of ties, 0 where no score is positive); output[y width + x]
// = max_index; the host's 32 x 32 threads on cdiv(width, 32) x cdiv(height, 32) blocks.
// Departures: the block the sweep's, any shape (x the column, y*z the row, z folded in); the
// Shape struct as three ints; the uint8 label map written byte by byte into a buffer of uint32
// words (the manifest's types). Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: comparisons. 2-D: x -> column (4 B
// loads, a warp's 128 B contiguous each channel, the channel planes H W x 4 B apart), y*z ->
// row, a loop over the channels, one 1 B store a thread.
#include "common.cuh"

extern "C" __global__ void holoscan_seg_argmax(int height, int width, int channels,
                                               const float* input, unsigned* output) {
    const unsigned x = ga_col();
    const unsigned y = ga_row();
    if (x >= (unsigned)width || y >= (unsigned)height) return;
    unsigned char* labels = reinterpret_cast<unsigned char*>(output);
    unsigned char max_index = 0;
    float max_value = 0.0f;
    for (unsigned c = 0; c < (unsigned)channels; c++) {
        const float value = input[(c * height + y) * width + x];
        if (value > max_value) {
            max_value = value;
            max_index = (unsigned char)c;
        }
    }
    labels[y * width + x] = max_index;
}
