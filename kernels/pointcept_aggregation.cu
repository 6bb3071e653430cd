// The neighbourhood aggregation of Point Transformer, aggregation_forward_cuda_kernel
// (Pointcept/Pointcept, libs/pointops2/src/aggregation/aggregation_cuda_kernel.cu, behind
// aggregation_forward_cuda_launcher in the same file: pointops' Aggregation.forward, the last
// step of every Point Transformer layer, each point's output the vector-attention-weighted
// sum over its nsample neighbours of (value + relative position encoding), weights shared
// across share_planes channel groups) (blind check set 72: written after calibration, never
// fitted on). As in Pointcept: index = blockIdx.x blockDim.x + threadIdx.x below n c, c_idx =
// index % c, n_idx = index / c, w_c_idx = c_idx % w_c, for each neighbour s: input[idx[n_idx
// nsample + s] c + c_idx] (a gathered neighbour) plus position[(n_idx nsample + s) c + c_idx],
// times weight[(n_idx nsample + s) w_c + w_c_idx], added to output[index] (no __restrict__: a
// read-modify-write a neighbour); the host's THREADS_PER_BLOCK = 256 threads on cdiv(n c, 256)
// blocks (output zeroed by the caller). Departures: the block the sweep's, any shape
// (linearized); the output's starting values the manifest's (Pointcept zeroes it first).
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: whole-number features, encodings and weights in [-8, 8): every product
// and sum a small integer, contracted or not. 1-D: one thread an output value.
#include "common.cuh"

extern "C" __global__ void pointcept_aggregation(int n, int nsample, int c, int w_c,
                                                 const float* input, const float* position,
                                                 const float* weight, const int* idx,
                                                 float* output) {
    const long long linear = ga_linear();
    if (linear >= (long long)n * c) return;
    const int index = (int)linear;
    const int c_idx = index % c;
    const int n_idx = index / c;
    const int w_c_idx = c_idx % w_c;
    for (int nsample_idx = 0; nsample_idx < nsample; nsample_idx++) {
        const int idx_idx = n_idx * nsample + nsample_idx;
        const int input_idx = idx[idx_idx] * c + c_idx;
        const int position_idx = n_idx * nsample * c + nsample_idx * c + c_idx;
        const int weight_idx = n_idx * nsample * w_c + nsample_idx * w_c + w_c_idx;
        output[index] += (input[input_idx] + position[position_idx]) * weight[weight_idx];
    }
}
