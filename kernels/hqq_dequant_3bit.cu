// Dequantizing 3-bit weights, HQQ's dequantize_3bit_32_kernel (mobiusml/hqq,
// hqq/kernels/hqq_aten_cuda_kernel.cu, behind dequantize_3bit_32 in the same file, the
// hqq_aten CUDA backend of HQQLinear.dequantize: every forward of a 3-bit HQQ layer unpacks
// its weights before the matmul) (blind check set 71: written after calibration, never fitted
// on). As in HQQ: i = blockIdx.x blockDim.x + threadIdx.x below n = h w, j = i % w, the packed
// word q = Wq_packed[i] holding 10 3-bit values (bits 29-27 first down to bits 2-0), W_r[i + c
// n] = (float((q & mask_c) >> 27 - 3c) - zero[j]) scale[j] for c = 0..9 (ten rows of n
// apart); the host's BLOCK_SIZE = 256 threads on cdiv(n, 256) blocks. Departures: the block
// the sweep's, any shape (linearized); the float instantiation. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// whole-number zeros and scales, (q - zero) scale a small integer. 1-D: the block is
// linearized, one thread a packed word (ten 4 B stores n values apart).
#include "common.cuh"

extern "C" __global__ void hqq_dequant_3bit(const int* __restrict__ Wq_packed,
                                            const float* __restrict__ scale,
                                            const float* __restrict__ zero,
                                            float* __restrict__ W_r, int h, int w) {
    const long long i = ga_linear();
    const long long n = (long long)h * w;
    if (i >= n) {
        return;
    }
    const int j = (int)(i % w);
    const int q = Wq_packed[i];
    const float z = zero[j];
    const float s = scale[j];
    W_r[i] = ((float)((q & 0x38000000) >> 27) - z) * s;
    W_r[i + n] = ((float)((q & 0x07000000) >> 24) - z) * s;
    W_r[i + 2 * n] = ((float)((q & 0x00E00000) >> 21) - z) * s;
    W_r[i + 3 * n] = ((float)((q & 0x001C0000) >> 18) - z) * s;
    W_r[i + 4 * n] = ((float)((q & 0x00038000) >> 15) - z) * s;
    W_r[i + 5 * n] = ((float)((q & 0x00007000) >> 12) - z) * s;
    W_r[i + 6 * n] = ((float)((q & 0x00000E00) >> 9) - z) * s;
    W_r[i + 7 * n] = ((float)((q & 0x000001C0) >> 6) - z) * s;
    W_r[i + 8 * n] = ((float)((q & 0x00000038) >> 3) - z) * s;
    W_r[i + 9 * n] = ((float)(q & 0x00000007) - z) * s;
}
