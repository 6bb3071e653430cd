// EN605.617's caesar_cypher (naterjlao/EN605.617, module4/cypher.cu, launched by main in
// module4/assignment.cu with BLOCK_SIZE 1024 threads on cdiv(length, 1024) blocks: a GPU
// course's Caesar cipher of a text file, every byte shifted in place by the key) (blind check
// set 115: written after calibration, never fitted on). As in EN605.617: thread_idx =
// blockIdx.x blockDim.x + threadIdx.x, buffer[thread_idx] = buffer[thread_idx] + offset (the
// char plus the int key stored back as a char: the sum's low 8 bits). Departures: the block
// any shape (linearized), a bounds test against the text's length (the source pads its
// device buffer to whole blocks instead and shifts the padding too), the byte buffer passed
// as 32-bit words (four bytes a word, still read and written a byte at a time as in the
// source), 64-bit indices. Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: byte arithmetic modulo 256. 1-D,
// no shared memory: per thread a 1 B load and a 1 B store to the same address (a warp's
// 32 B contiguous each).
#include "common.cuh"

extern "C" __global__ void en605_caesar_shift(unsigned int* text_words, long long length,
                                              int offset) {
    unsigned char* text = reinterpret_cast<unsigned char*>(text_words);
    const long long i = ga_linear();
    if (i >= length) return;
    text[i] = (unsigned char)(text[i] + offset);
}
