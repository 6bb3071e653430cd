// stensor's leakyrelu_backward_kernel<float> (wss321/stensor, nn/leaky_relu_layer.cu, launched
// by LeakyReLU::backward_gpu with CUDA_NUM_THREADS = maxThreadsPerBlock (1,024) threads on
// GET_BLOCKS(n) = ceil(n / 1,024) blocks, both from public/memory_op.hpp: a small C++ deep-
// learning library's LeakyReLU layer backward, the input gradient accumulated from the output
// gradient through the slope alpha (0.01 by default) where the input is not positive) (blind
// check set 121: written after calibration, never fitted on). As in stensor: the grid-stride
// loop CUDA_KERNEL_LOOP (int i from blockIdx.x blockDim.x + threadIdx.x while i < n, by
// blockDim.x gridDim.x); x_grad[i] += y_grad[i] (x_data[i] > 0 ? 1 : alpha). Departures: the
// block any shape (linearized; the stride the grid's threads); the product and the sum
// rounded on their own (__fmul_rn, __fadd_rn: nvcc would otherwise contract them into an FMA,
// one rounding instead of the source's two). Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: one float32 multiply and
// one float32 add, each correctly rounded. 1-D, no shared memory, a grid-stride loop that runs
// once a thread under the host's covering grid: per element three 4 B loads (x_data, y_grad,
// x_grad) and one 4 B store (x_grad), a warp's 128 B contiguous each.
#include "common.cuh"

extern "C" __global__ void stensor_leaky_relu_bwd(int n, const float* y_grad,
                                                  const float* x_data, float* x_grad,
                                                  float alpha) {
    const int stride = (int)(gridDim.x * ga_nthreads());
    for (int i = (int)ga_linear(); i < n; i += stride) {
        const float x = x_data[i];
        x_grad[i] = __fadd_rn(x_grad[i], __fmul_rn(y_grad[i], x > 0.0f ? 1.0f : alpha));
    }
}
