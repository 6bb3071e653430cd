// MAC0219-EP2's cuda_encode (sesso-star/MAC0219-EP2, src/base64/base64.cu, launched by
// base64_encode in the same file with 256 threads on blks / 256 + 1 blocks: a parallel
// programming course's CUDA port of Brad Conte's Base64 encoder, one thread a 3-byte group,
// the last partial group finished on the host) (blind check set 116: written after
// calibration, never fitted on). As in MAC0219-EP2: i = blockIdx.x blockDim.x + threadIdx.x,
// only i < len (the whole groups); the input bytes from 3 i; before each of the four
// characters, with new_line_flag set, a '\n' written and the output advanced where the
// output index is 76 modulo 77; the four characters the charset entries of the three bytes'
// four 6-bit fields (in >> 2; (in & 3) << 4 | next >> 4; (next & 15) << 2 | last >> 6;
// last & 63). Departures: the output from 4 i + (4 i - 1) / 76 (C's truncation: 0 for
// i = 0) for the source's 4 i + 4 i / 77, which runs one byte short from the 96th group on,
// so two threads write the same byte (a race; with the fix the newline every 76 characters,
// which the host sizes for, lands where the source meant it), the block any shape
// (linearized), the byte buffers passed as 32-bit words (four bytes a word, still read and
// written a byte at a time as in the source), the three input bytes loaded once (the source
// reads two of them twice), 64-bit indices. Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: byte shifts, masks and a
// table lookup. 1-D, no shared memory: per thread three 1 B loads (a warp's 96 B
// contiguous), four 1 B gathers from the 64 B charset (L1 hits) and four or five 1 B stores
// (a warp's about 130 B contiguous).
#include "common.cuh"

extern "C" __global__ void mac0219_base64_encode(long long len, const unsigned int* in_words,
                                                 const unsigned int* charset_words,
                                                 unsigned int* out_words, int new_line_flag) {
    const long long i = ga_linear();
    if (i >= len) return;
    const unsigned char* in = reinterpret_cast<const unsigned char*>(in_words);
    const unsigned char* charset = reinterpret_cast<const unsigned char*>(charset_words);
    unsigned char* out = reinterpret_cast<unsigned char*>(out_words);
    const long long line = 76, m = line + 1;
    const long long i_in = i * 3;
    long long i_out = i * 4 + (i * 4 - 1) / line;  // the source: i * 4 + i * 4 / m
    const unsigned char b0 = in[i_in], b1 = in[i_in + 1], b2 = in[i_in + 2];
    if (new_line_flag && i_out % m == m - 1) out[i_out++] = '\n';
    out[i_out++] = charset[b0 >> 2];
    if (new_line_flag && i_out % m == m - 1) out[i_out++] = '\n';
    out[i_out++] = charset[((b0 & 0x03) << 4) | (b1 >> 4)];
    if (new_line_flag && i_out % m == m - 1) out[i_out++] = '\n';
    out[i_out++] = charset[((b1 & 0x0f) << 2) | (b2 >> 6)];
    if (new_line_flag && i_out % m == m - 1) out[i_out++] = '\n';
    out[i_out] = charset[b2 & 0x3f];
}
