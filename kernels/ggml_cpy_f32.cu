// llama.cpp's generic strided tensor copy (ggml-cuda cpy.cu: cpy_f32_f16<cpy_1_f32_f32>, what
// ggml_cpy runs for F32 to F32) storing a micro-batch's V transposed into the KV cache, the
// copy llama.cpp's graph makes each layer when the V cache is kept transposed (no flash
// attention): ggml_cpy(ggml_transpose(v_cur), view of the cache at kv_head) (blind check
// set 40: written after calibration, never fitted on). As in ggml: one thread per element of
// the flattened copy, i = blockDim.x blockIdx.x + threadIdx.x, i < ne; the four source indices
// i03, i02, i01, i00 peeled off i by divisions by ne00 ne01 ne02, ne00 ne01 and ne00, the
// source byte offset i00 nb00 + i01 nb01 + i02 nb02 + i03 nb03, the same for the destination
// with its own extents and strides, and cpy_1_f32_f32 copying one float. Here the source is
// the transposed view of v_cur [n_embd x n_tokens] (ne00 = n_tokens with nb00 = 4 n_embd,
// ne01 = n_embd with nb01 = 4) and the destination the cache view [n_tokens x n_embd] (nb10 =
// 4, nb11 = 4 kv_size): consecutive threads read 4 n_embd bytes apart and write consecutive
// cache slots. Departures: the F32 cache of llama.cpp's --cache-type-v f32 (the F16 default
// converts with __float2half); the view's byte offset (kv_head 4 B) an argument added to the
// cache's base pointer, where ggml passes the view's data pointer; the buffers typed float
// and cast to char (ggml passes char pointers); the block linearized (ggml's blocks are
// CUDA_CPY_BLOCK_SIZE threads in x). Written from memory. 1-D: the block is linearized.
#include "common.cuh"

__device__ __forceinline__ void cpy_1_f32_f32(const char* cxi, char* cdsti) {
    const float* xi = (const float*)cxi;
    float* dsti = (float*)cdsti;
    *dsti = *xi;
}

extern "C" __global__ void ggml_cpy_f32(const float* x, float* dst, int dst_offs, const int ne,
                                        const int ne00, const int ne01, const int ne02,
                                        const int nb00, const int nb01, const int nb02,
                                        const int nb03, const int ne10, const int ne11,
                                        const int ne12, const int nb10, const int nb11,
                                        const int nb12, const int nb13) {
    const char* cx = (const char*)x;
    char* cdst = (char*)dst + dst_offs;
    const long long i = ga_linear();
    if (i >= ne) return;

    // determine indices i03/i13, i02/i12, i01/i11, i00/i10 as a function of index i of the
    // flattened tensor, then combine them with the byte strides into the total offsets
    const long long i03 = i / ((long long)ne00 * ne01 * ne02);
    const long long i02 = (i - i03 * ne00 * ne01 * ne02) / ((long long)ne00 * ne01);
    const long long i01 = (i - i03 * ne00 * ne01 * ne02 - i02 * ne01 * ne00) / ne00;
    const long long i00 = i - i03 * ne00 * ne01 * ne02 - i02 * ne01 * ne00 - i01 * ne00;
    const long long x_offset = i00 * nb00 + i01 * nb01 + i02 * nb02 + i03 * nb03;

    const long long i13 = i / ((long long)ne10 * ne11 * ne12);
    const long long i12 = (i - i13 * ne10 * ne11 * ne12) / ((long long)ne10 * ne11);
    const long long i11 = (i - i13 * ne10 * ne11 * ne12 - i12 * ne10 * ne11) / ne10;
    const long long i10 = i - i13 * ne10 * ne11 * ne12 - i12 * ne10 * ne11 - i11 * ne10;
    const long long dst_offset = i10 * nb10 + i11 * nb11 + i12 * nb12 + i13 * nb13;

    cpy_1_f32_f32(cx + x_offset, cdst + dst_offset);
}
