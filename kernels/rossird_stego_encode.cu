// CUDA-Steganography's encode_per_pixel_kernel (rossird/CUDA-Steganography, src/encode.cu,
// launched by encode_parallel in the same file with 1,024-thread blocks on
// ceil(2 numBytesData / 1024) blocks, behind steganography.cpp's "-encode" path: a
// parallel-computing course project hiding a data file in an RGBA image's least significant
// bits, one data nibble a pixel) (blind check set 117: written after calibration, never
// fitted on). As in CUDA-Steganography: pixel = threadIdx.x + blockDim.x blockIdx.x, only
// pixel < 2 numBytesData; the data byte pixel / 2 and its nibble pixel % 2 (the high nibble
// first); the pixel's RGBA word read once, the least significant bit of its channels x, y,
// z, w set to the nibble's bits from the most significant down (bit 7 - 4 nibble - c for
// channel c), the word written back in place. Departures: the block any shape
// (linearized), the pixels passed as 32-bit words (one uchar4 a word, channel c its byte c)
// and the data bytes as 32-bit words (four a word, read a byte at a time as in the source),
// 64-bit indices. Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: integer bit operations only. 1-D, no shared
// memory: per thread one 1 B load of its data byte (a warp's 16 B, each byte read by two
// threads), one 4 B load and one 4 B store of its pixel (a warp's 128 B contiguous each).
#include "common.cuh"

extern "C" __global__ void rossird_stego_encode(unsigned int* dest_img,
                                                const unsigned int* bin_words,
                                                int num_bytes_data) {
    const long long pixel = ga_linear();
    if (pixel >= 2LL * num_bytes_data) return;
    const long long byte_index = pixel / 2;
    const int nibble = (int)(pixel % 2);
    const int data_byte = reinterpret_cast<const unsigned char*>(bin_words)[byte_index];
    unsigned int word = dest_img[pixel];
    int offset = 7 - 4 * nibble;
    for (int c = 0; c < 4; ++c) {
        const unsigned int bit = (data_byte >> offset) & 1;
        word = (word & ~(1u << (8 * c))) | (bit << (8 * c));
        offset -= 1;
    }
    dest_img[pixel] = word;
}
