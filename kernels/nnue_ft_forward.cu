// nnue-pytorch's feature_transformer_slice_forward (official-stockfish/nnue-pytorch,
// feature_transformer.py, a CuPy RawKernel built by make_feature_transformer_slice_forward_kernel
// and launched by FeatureTransformerSliceFunction.forward: the sparse input layer of Stockfish's
// NNUE in training, each position's output the bias plus its active features' weight rows
// times their values) (blind check set 98: written after calibration, never fitted on). As in
// nnue-pytorch: one block a position (blockIdx.x); thread t owns the output slice
// [t S, (t + 1) S) with S = output_size / threads; the slice starts as the bias in a shared
// array of output_size floats; for k over the position's max_active_features slots, a feature
// index of -1 ends the loop, else the slice gains weight[index][slice] value[k]; the slice is
// stored to output[position]; the host's N threads (the divisor of output_size nearest 512) on
// batch_size blocks. Departures: the block any shape (linearized: S = cdiv(output_size,
// threads), the last slices clipped, threads past output_size idle; the source needs N to
// divide output_size); max_active_features and output_size runtime arguments (the source
// formats them into its text); the static shared array as dynamic shared memory; 64-bit row
// offsets. Reimplemented from the published source (its indexing, arithmetic and control flow;
// none of its text). Exact: whole-number weights, biases and values, sums far below 2^24.
// 1-D, shared memory as per-thread scratch, one block a position: per active feature two
// broadcast 4 B loads (index, value) and a gathered weight row (a warp's lanes S floats apart:
// 128 B contiguous at S = 1), a 4 B shared read-modify-write a value; 4 B stores at the end.
#include "common.cuh"

extern "C" __global__ void nnue_ft_forward(const int* feature_indices, const float* feature_values,
                                           const float* weight, const float* bias, float* output,
                                           int max_active_features, int output_size) {
    extern __shared__ float shared_output[];
    const int nthreads = (int)ga_nthreads();
    const int slice = (output_size + nthreads - 1) / nthreads;
    const int begin = (int)ga_tid() * slice;
    const int end = min(begin + slice, output_size);
    const long long row = blockIdx.x;
    const int* index_row = feature_indices + row * max_active_features;
    const float* value_row = feature_values + row * max_active_features;

    for (int s = begin; s < end; ++s) {
        shared_output[s] = bias[s];
    }
    for (int k = 0; k < max_active_features; ++k) {
        const int feature = index_row[k];
        const float value = value_row[k];
        if (feature == -1) break;
        const float* weight_row = weight + (long long)feature * output_size;
        for (int s = begin; s < end; ++s) {
            shared_output[s] += weight_row[s] * value;
        }
    }
    float* out_row = output + row * output_size;
    for (int s = begin; s < end; ++s) {
        out_row[s] = shared_output[s];
    }
}
