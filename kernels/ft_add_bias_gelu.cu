// Bias add fused with the tanh-approximated GELU on a transformer FFN's activations, NVIDIA
// FasterTransformer's add_bias_gelu (src/fastertransformer/kernels/activation_kernels.cu, the
// float path of the FFN layer's intermediate output) (blind check set 39: written after
// calibration, never fitted on). As in FasterTransformer: a grid-stride loop id = blockIdx.x
// blockDim.x + threadIdx.x, id < m n, id += blockDim.x gridDim.x; the bias element id % n
// (an __ldg there), val = out[id] + bias, and out[id] = val cdf with cdf = 0.5 (1 + tanhf(
// 0.7978845608028654 (val + 0.044715 val^3))), in place. Departures: FasterTransformer's
// launch (a block of n / 4 threads (at most 1024) and a grid of m, or cdiv(m n, 1024) blocks)
// becomes min(cdiv(m n, threads), cap) blocks of any shape, the block linearized, so that the
// grid-stride loop runs several trips at small blocks; __ldg a plain load; the half and
// bfloat16 paths dropped. Written from memory.
#include "common.cuh"

__device__ __forceinline__ float ft_gelu(float x) {
    const float cdf = 0.5f * (1.0f + tanhf((0.7978845608028654f * (x + 0.044715f * x * x * x))));
    return x * cdf;
}

extern "C" __global__ void ft_add_bias_gelu(float* out, const float* bias, int m, int n) {
    const long long total = (long long)m * n;
    const long long step = (long long)ga_nthreads() * gridDim.x;
    for (long long id = ga_linear(); id < total; id += step) {
        const float reg_bias = bias[id % n];
        const float val = out[id] + reg_bias;
        out[id] = ft_gelu(val);
    }
}
