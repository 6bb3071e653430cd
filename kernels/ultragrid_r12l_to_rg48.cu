// UltraGrid's kernel_r12l_to_rg48 (CESNET/UltraGrid, src/cuda_wrapper/kernels.cu, launched by
// preprocess_r12l_to_rg48 in the same file: the unpacking of UltraGrid's R12L frames (eight
// RGB pixels of 12-bit samples packed into 36 bytes) into RG48 (16-bit little-endian samples,
// the 12 bits at the top) before the frame is handed to the JPEG 2000 encoder of UltraGrid's
// low-latency video transport) (blind check set 104: written after calibration, never fitted
// on). As in UltraGrid: position_x = threadIdx.x + blockIdx.x blockDim.x the 8-pixel group,
// position_y likewise the row; the group's 36 source bytes from in + (y ceil(W / 8) + x) 36,
// its 48 destination bytes from out + 2 (3 W y + 24 x); the 24 samples read as a 12-bit
// little-endian bit stream, sample k's low byte its low nibble shifted up and its high byte
// its top eight bits, every byte loaded and stored singly; the host's 256 threads on
// cdiv(ceil(W / 8), 256) x H blocks. Departures: the block any shape (z folded into the rows);
// the bound x < ceil(W / 8) (the source tests x > ceil(W / 8), letting the thread one past the
// row through: it rewrites the next row's first group with the same bytes and, on the last
// row, reads and writes past the frame; its last-row test is then never needed); W a multiple
// of 8 (R12L's whole groups); the frames as 32-bit words read and written bytewise; offsets in
// 64 bits. Reimplemented from the published source (its indexing, arithmetic and control flow;
// none of its text). Exact: byte shifts and masks. 2-D, no shared memory: x the group along
// the row, y*z the row; 36 1 B loads (a warp's lanes 36 B apart, 1,152 B contiguous) and 48
// 1 B stores (lanes 48 B apart, 1,536 B contiguous) a thread.
#include "common.cuh"

extern "C" __global__ void ultragrid_r12l_to_rg48(const unsigned* in_words, unsigned* out_words,
                                                  int size_x, int size_y) {
    const int gx = ga_col();
    const int gy = ga_row();
    const int groups = (size_x + 7) / 8;
    if (gx >= groups || gy >= size_y) return;
    const unsigned char* src = reinterpret_cast<const unsigned char*>(in_words) +
                               ((long long)gy * groups + gx) * 36;
    unsigned char* dst = reinterpret_cast<unsigned char*>(out_words) +
                         2 * ((long long)gy * 3 * size_x + (long long)gx * 24);
    // two samples (24 bits, three bytes) a step: the even one from byte b and the low nibble of
    // b + 1, the odd one from the high nibble of b + 1 and byte b + 2
    for (int pair = 0; pair < 12; ++pair) {
        const unsigned b0 = src[3 * pair];
        const unsigned b1 = src[3 * pair + 1];
        const unsigned b2 = src[3 * pair + 2];
        dst[4 * pair] = (unsigned char)(b0 << 4);
        dst[4 * pair + 1] = (unsigned char)((b1 << 4) | (b0 >> 4));
        dst[4 * pair + 2] = (unsigned char)(b1 & 0xF0);
        dst[4 * pair + 3] = (unsigned char)b2;
    }
}
