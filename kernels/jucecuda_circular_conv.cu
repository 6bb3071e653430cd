// juce_cuda_convolution's circularConvKernel (zeloe/juce_cuda_convolution,
// terminalapp/source/cuda/kernel.cu, launched by gpuRev in the same file with 1,024 threads on
// bufferSize / 1024 + 1 blocks: a JUCE audio app's GPU convolution reverb, the dry buffer
// circularly convolved with the impulse response, one output sample a thread) (blind check set
// 120: written after calibration, never fitted on). As in the source: c = blockIdx.x
// blockDim.x + threadIdx.x, only c < size; val = 0, then for i = 0 .. size - 1: val +=
// x1[i] x2[(c - i + size) % size] in float, in that order; result[c] = val. Departures: the
// block any shape (linearized); the size an int scalar (the source passes a device pointer to
// it); the grid cdiv(size, threads) (the source's bufferSize / 1024 + 1 launches one spare
// block when 1,024 divides it); the product and the sum rounded on their own (__fmul_rn,
// __fadd_rn: nvcc would otherwise contract them into an FMA); 64-bit offsets. Reimplemented
// from the published source (its indexing, arithmetic and control flow; none of its text).
// Exact: each float product and sum correctly rounded, in the source's order. 1-D, no shared
// memory: per thread size iterations of one 4 B load the whole block shares (x1[i]), one 4 B
// load a warp's 128 B contiguous (wrapping once), an integer remainder, a multiply and an
// add; one 4 B store.
#include "common.cuh"

extern "C" __global__ void jucecuda_circular_conv(const float* x1, const float* x2, int size,
                                                  float* result) {
    const long long c = ga_linear();
    if (c >= size) return;
    const int ci = (int)c;
    float val = 0.0f;
    for (int i = 0; i < size; i++) {
        const int index = (ci - i + size) % size;
        val = __fadd_rn(val, __fmul_rn(x1[i], x2[index]));
    }
    result[c] = val;
}
