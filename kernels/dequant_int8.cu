// Group-wise int8 dequantization, out[i] = (q[i] - zero[g]) * scale[g] with g = i / 128
// (blind check set 7: kept out of every fit; its sweeps go to fixtures/hopper/blind7/ once
// recorded), as when quantized weights are expanded to float32 before a matmul. The int8
// values are packed four to a 32-bit word (the buffer is int32 on the host); each thread
// loads one byte, so a warp's load is 32 contiguous bytes, and stores one contiguous float
// (128 B per warp); the per-group scale and zero point are the same address for 128
// consecutive threads (broadcast, L1 hits). Integer scales and zero points keep the results
// exact. 1-D: the block is linearized.
#include "common.cuh"

#define GA_DEQUANT_GROUP 128

extern "C" __global__ void dequant_int8(const int* __restrict__ packed,
                                        const float* __restrict__ scale,
                                        const float* __restrict__ zero,
                                        float* __restrict__ out, long long n) {
    const long long i = ga_linear();
    if (i < n) {
        const signed char q = reinterpret_cast<const signed char*>(packed)[i];
        const long long g = i / GA_DEQUANT_GROUP;
        out[i] = ((float)q - zero[g]) * scale[g];
    }
}
