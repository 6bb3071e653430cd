// The total-variation gradient of a voxel grid, DirectVoxGO's
// total_variation_add_grad_cuda_kernel (sunset1995/DirectVoxGO, lib/cuda/total_variation_kernel.cu,
// behind total_variation_add_grad_cuda: DenseGrid.total_variation_add_grad after every
// backward pass of a DVGO training step with a TV weight, the grid's gradient read and added to
// in place before the optimizer step) (blind check set 60: written after calibration, never
// fitted on). As in DirectVoxGO's sparse mode (dense_mode false): one thread an element of the
// [C, sz_i, sz_j, sz_k] grid (size_t index), skipped where its gradient is 0; k = index % sz_k,
// j = index / sz_k % sz_j, i = index / sz_k / sz_j % sz_i (64-bit divisions), and for each of
// the six neighbours inside the channel's volume wz, wy or wx times clamp(param[index] -
// param[neighbour], -1, 1) summed in the order k - 1, k + 1, j - 1, j + 1, i - 1, i + 1 (the
// neighbours 1, sz_k and sz_k sz_j elements away) and added to grad[index]; the host's 256
// threads on cdiv(N, 256) blocks, the weights divided by 6 on the host. Departures: the block
// the sweep's, any shape (linearized); scalar_t float; the dense_mode template parameter an
// int; the weights passed after the host's division. Reimplemented from the published source
// (its indexing, arithmetic and control flow; none of its text). Exact: whole-number
// parameters and gradients, dyadic weights (every partial sum exact). 1-D: the block is
// linearized, one thread a grid element.
#include "common.cuh"

__device__ __forceinline__ float dvgo_clamp(float v, float lo, float hi) {
    return min(max(v, lo), hi);
}

extern "C" __global__ void dvgo_tv_add_grad(const float* __restrict__ param,
                                            float* __restrict__ grad, float wx, float wy,
                                            float wz, unsigned long long sz_i,
                                            unsigned long long sz_j, unsigned long long sz_k,
                                            unsigned long long N, int dense_mode) {
    const unsigned long long index = (unsigned long long)ga_linear();
    if (index < N && (dense_mode || grad[index] != 0)) {
        const unsigned long long k = index % sz_k;
        const unsigned long long j = index / sz_k % sz_j;
        const unsigned long long i = index / sz_k / sz_j % sz_i;
        float grad_to_add = 0;
        grad_to_add += (k == 0 ? 0 : wz * dvgo_clamp(param[index] - param[index - 1], -1.f, 1.f));
        grad_to_add +=
            (k == sz_k - 1 ? 0 : wz * dvgo_clamp(param[index] - param[index + 1], -1.f, 1.f));
        grad_to_add +=
            (j == 0 ? 0 : wy * dvgo_clamp(param[index] - param[index - sz_k], -1.f, 1.f));
        grad_to_add +=
            (j == sz_j - 1 ? 0 : wy * dvgo_clamp(param[index] - param[index + sz_k], -1.f, 1.f));
        grad_to_add +=
            (i == 0 ? 0 : wx * dvgo_clamp(param[index] - param[index - sz_k * sz_j], -1.f, 1.f));
        grad_to_add += (i == sz_i - 1 ? 0
                                      : wx * dvgo_clamp(param[index] - param[index + sz_k * sz_j],
                                                        -1.f, 1.f));
        grad[index] += grad_to_add;
    }
}
