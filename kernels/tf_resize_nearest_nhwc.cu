// Nearest-neighbour resize of an NHWC float32 batch, TensorFlow's ResizeNearestNeighborNHWC
// (tensorflow/tensorflow, tensorflow/core/kernels/image/resize_nearest_neighbor_op_gpu.cu.cc,
// ResizeNearestNeighbor with half_pixel_centers = true: tf.image.resize(method="nearest") and
// Keras' Resizing layer) (blind check set 47: written after calibration, never fitted on). As in
// TensorFlow: GPU_1D_KERNEL_LOOP (a grid-stride loop) over the nthreads output elements on
// GetGpuLaunchConfig's grid of min(ceil(nthreads / threads), SMs x maxThreadsPerMultiProcessor
// / threads) blocks; the index split into c (fastest), out_x, out_y and the image n; in_y =
// max(min((int)floorf(((float)out_y + 0.5f) height_scale), in_height - 1), 0) and in_x alike
// with width_scale; top_data[index] = ldg(bottom_data_n + (in_y in_width + in_x) channels + c),
// bottom_data_n the image's first element. Departures: GetGpuLaunchConfig's thread_per_block
// (min(1024, maxThreadsPerBlock)) the block's threads, any shape (the block linearized, the
// loop GpuGridRangeX's over it); ldg a plain load through a const __restrict__ pointer.
// Written from memory. Exact (a copy; the source indices single float32 operations each,
// correctly rounded). 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void tf_resize_nearest_nhwc(const int nthreads,
                                                  const float* __restrict__ bottom_data,
                                                  const int in_height, const int in_width,
                                                  const int channels, const int out_height,
                                                  const int out_width, const float height_scale,
                                                  const float width_scale,
                                                  float* __restrict__ top_data) {
    for (int index = blockIdx.x * (int)ga_nthreads() + (int)ga_tid(); index < nthreads;
         index += gridDim.x * (int)ga_nthreads()) {
        int n = index;
        int c = n % channels;
        n /= channels;
        int out_x = n % out_width;
        n /= out_width;
        int out_y = n % out_height;
        n /= out_height;

        const float* bottom_data_n = bottom_data + n * channels * in_height * in_width;
        const int in_y = max(
            min(static_cast<int>(floorf((static_cast<float>(out_y) + 0.5f) * height_scale)),
                in_height - 1),
            0);
        const int in_x = max(
            min(static_cast<int>(floorf((static_cast<float>(out_x) + 0.5f) * width_scale)),
                in_width - 1),
            0);
        const int idx = (in_y * in_width + in_x) * channels + c;
        top_data[index] = bottom_data_n[idx];
    }
}
