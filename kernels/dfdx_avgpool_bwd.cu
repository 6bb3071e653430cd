// dfdx's avg_pool2d_backward (coreylowman/dfdx, src/tensor_ops/pool2d/pool2d.cu, launched as
// avg_pool2d_bwd_f32 by the AvgPool2DKernel backward in src/tensor_ops/pool2d/cuda_kernel.rs:
// the gradient of dfdx's (a Rust deep-learning library's) 2-D average pooling, each input
// pixel gathering the output gradients of every window that covers it) (blind check set 99:
// written after calibration, never fitted on). As in dfdx: i = blockIdx.x blockDim.x +
// threadIdx.x below batch chan h_in w_in, (b, c, y, x) from i by the input's extents; for k1 and
// k2 below the kernel size, oh = y + padding - k1 and ow = x + padding - k2 (skipped where
// negative, not a multiple of the stride, or past h_out / w_out after the division), tmp +=
// grad_out[b s0 + c s1 + oh s2 + ow s3] (the output's strides); grad_inp[i] += tmp /
// (kernel kernel); all in size_t (64-bit unsigned) arithmetic; the host's
// LaunchConfig::for_num_elems(grad_inp's elements). Departures: the block any shape
// (linearized); the Pool2dOp struct's fields and the device copy of the output's strides as
// 64-bit scalars (the unused inp, out and input strides dropped); the index in 64 bits.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: sums of whole numbers divided by kernel^2, a power of two here (4). 1-D, no
// shared memory, a per-thread loop: one thread an input pixel, kernel^2 taps each with 64-bit
// divisions and modulos, a 4 B grad_out gather for the taps inside (a warp's lanes pairs of
// columns on one output, 64 B a warp), and a 4 B read-modify-write of grad_inp (a warp's 128 B
// contiguous).
#include "common.cuh"

extern "C" __global__ void dfdx_avgpool_bwd(unsigned long long kernel, unsigned long long stride,
                                            unsigned long long padding,
                                            unsigned long long batch, unsigned long long chan,
                                            unsigned long long h_in, unsigned long long h_out,
                                            unsigned long long w_in, unsigned long long w_out,
                                            unsigned long long out_s0, unsigned long long out_s1,
                                            unsigned long long out_s2, unsigned long long out_s3,
                                            float* grad_inp, const float* grad_out) {
    const unsigned long long i = (unsigned long long)ga_linear();
    const unsigned long long numel = batch * chan * h_in * w_in;
    if (i >= numel) return;
    unsigned long long idx = i;
    const unsigned long long x = idx % w_in;
    idx /= w_in;
    const unsigned long long y = idx % h_in;
    idx /= h_in;
    const unsigned long long c = idx % chan;
    idx /= chan;
    const unsigned long long b = idx % batch;

    float tmp = 0.0f;
    for (unsigned long long k1 = 0; k1 < kernel; ++k1) {
        for (unsigned long long k2 = 0; k2 < kernel; ++k2) {
            unsigned long long oh = y + padding;
            if (oh < k1) continue;
            oh -= k1;
            if (oh % stride != 0) continue;
            oh /= stride;
            if (oh >= h_out) continue;
            unsigned long long ow = x + padding;
            if (ow < k2) continue;
            ow -= k2;
            if (ow % stride != 0) continue;
            ow /= stride;
            if (ow >= w_out) continue;
            tmp += grad_out[b * out_s0 + c * out_s1 + oh * out_s2 + ow * out_s3];
        }
    }
    grad_inp[i] += tmp / (float)(kernel * kernel);
}
