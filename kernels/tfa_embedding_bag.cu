// TensorFlow Addons' EmbeddingBagGPUKernel<float, int32, 32> (tensorflow/addons,
// tensorflow_addons/custom_ops/layers/cc/kernels/embedding_bag_ops_gpu.cu.cc, launched by
// EmbeddingBagFunctor<GPUDevice> in the same file behind tfa.layers.EmbeddingBag: each bag
// of indices gathers its rows of the embedding table, weights them and sums or averages
// them into one output row) (blind check set 106: written after calibration, never fitted
// on). As in TensorFlow Addons: the bag from the grid's x and the feature from the grid's y
// chunk and the thread (blockIdx.y 32 + threadIdx.x), nothing at or past output_dim; the
// output at bag output_dim + feature; accum = 0 plus, for each of the bag's sequence_length
// positions in order, params[indices[j] output_dim + feature] weights[j]; divided by
// sequence_length for the mean combiner (Combiner::kMean = 1, kSum = 0); the host's
// kThreadsPerBlock = 32 threads on bags x cdiv(output_dim, 32) blocks. Departures: the block
// the sweep's, any shape (x the feature, every bx-th chunk a block column; y*z the bag, by*bz
// bags a block, z folded in; the grid cdiv(output_dim, bx) x cdiv(bags, by bz)); 64-bit
// offsets. Reimplemented from the published source (its indexing, arithmetic and control
// flow; none of its text). Exact: whole-number rows and weights, sums far below 2^24, the
// mean a division by a power of two. 2-D, no shared memory, a per-thread loop over the bag:
// per position a 4 B index and a 4 B weight load (broadcast along the row), and a 4 B gather
// from the table (a warp's 128 B contiguous in a random row), then a 4 B store (a warp's
// 128 B contiguous).
#include "common.cuh"

extern "C" __global__ void tfa_embedding_bag(const int* indices, const float* params,
                                             const float* weights, float* output,
                                             long long output_dim, long long sequence_length,
                                             int bags, int combiner) {
    const long long feature_idx = ga_col();
    const int bag = ga_row();
    if (feature_idx >= output_dim || bag >= bags) return;
    const long long output_idx = bag * output_dim + feature_idx;
    const long long bag_offset = bag * sequence_length;
    float accum = 0.0f;
    for (long long j = bag_offset; j < bag_offset + sequence_length; ++j) {
        accum += params[indices[j] * output_dim + feature_idx] * weights[j];
    }
    if (combiner == 1) accum /= static_cast<float>(sequence_length);
    output[output_idx] = accum;
}
