// Quanto's unpack_2bit_kernel (huggingface/optimum-quanto, quanto/library/ext/cuda/unpack.cu,
// launched by unpack_2bit in the same file behind unpack(t, 2), the CUDA extension that
// unpacks quanto's 2-bit packed integer weights, four values to a byte along the first axis)
// (blind check set 109: written after calibration, never fitted on). As in quanto: i =
// blockIdx.x blockDim.x + threadIdx.x, nothing at or past n; output[i] = input[i] & 0x03,
// output[i + n] = (input[i] & 0x0C) >> 2, output[i + 2 n] = (input[i] & 0x30) >> 4, output[i +
// 3 n] = (input[i] & 0xC0) >> 6, the input byte read again for each (the pointers may alias);
// the host's BLOCK_SIZE = 256 threads on cdiv(numel, 256) blocks. Departures: the block any
// shape (linearized); the byte tensors in uint32 buffers (the manifest's 32-bit words, read
// and written as bytes). Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: bit operations. 1-D, no shared memory: per thread
// four 1 B loads of its packed byte (a warp's 32 B contiguous) and four 1 B stores (a warp's
// 32 B contiguous each, the four planes n bytes apart).
#include "common.cuh"

extern "C" __global__ void quanto_unpack_2bit(const unsigned* input_words, unsigned* output_words,
                                              int n) {
    const unsigned char* input = reinterpret_cast<const unsigned char*>(input_words);
    unsigned char* output = reinterpret_cast<unsigned char*>(output_words);
    const long long i = ga_linear();
    if (i >= n) return;
    output[i] = (input[i] & 0x03);
    output[i + n] = (input[i] & 0x0C) >> 2;
    output[i + (long long)n * 2] = (input[i] & 0x30) >> 4;
    output[i + (long long)n * 3] = (input[i] & 0xC0) >> 6;
}
