// YACCLAB's FinalLabeling of the BKE algorithm (prittt/YACCLAB, cuda/src/
// labeling_allegretti_2019_BKE.cu, launched by BKE_IC::PerformLabeling in the same file as the
// last of its five kernels: Allegretti, Bolelli and Grana's block-based Komura equivalence
// connected-components labelling, in which each 2 x 2 block's label word holds its root's
// index and the word of its pixel b holds the block's info byte (bits 0-3: pixels a, b, c, d
// foreground); the final pass gives every foreground pixel of the block its root's index + 1
// and every background pixel 0) (blind check set 104: written after calibration, never fitted
// on). As in YACCLAB: row = 2 (blockIdx.y blockDim.y + threadIdx.y), col = 2 (blockIdx.x
// blockDim.x + threadIdx.x), labels_index = row step + col, nothing outside the image; where
// col + 1 < cols one 8 B load of the a and b words, label = a's word + 1 and info = b's word's
// low byte, else label = a's word + 1 and info from c's word (row + 1 < rows) or from the input
// image's byte at (row, col); then where col + 1 < cols one 8 B store of (bit b label) << 32 |
// (bit a label) (the int product widened to 64 bits as in the source) and, below the last row,
// one of (bit d label, bit c label) a row on, else 4 B stores of bit a label and (below the
// last row) bit c label; the host's BLOCK_COLS x BLOCK_ROWS = 16 x 16 threads on
// cdiv(cdiv(cols, 2), 16) x cdiv(cdiv(rows, 2), 16) blocks. Departures: the block any shape (z
// folded into the rows); the GpuMat arguments as pointers with their steps (the labels' in
// words, the image's in bytes), the image's bytes held in 32-bit words; offsets in 64 bits.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: integer copies, products by 0 or 1 and a +1. 2-D, no shared memory, in
// place: x the 2 x 2 block along the row (two pixels), y*z the block row (two image rows); an
// 8 B load and two 8 B stores (a warp's 256 B contiguous each, the second a row on) a thread.
#include "common.cuh"

__device__ __forceinline__ unsigned yl_bit(unsigned char info, int pos) {
    return (info >> pos) & 1u;
}

extern "C" __global__ void yacclab_bke_final_labeling(const unsigned* img_words, int img_step,
                                                      int* labels, int label_step, int rows,
                                                      int cols) {
    const unsigned char* img = reinterpret_cast<const unsigned char*>(img_words);
    const long long row = 2LL * ga_row();
    const long long col = 2LL * ga_col();
    if (row >= rows || col >= cols) return;
    const long long at = row * label_step + col;
    int label;
    unsigned char info;
    if (col + 1 < cols) {
        const unsigned long long pair = *reinterpret_cast<const unsigned long long*>(labels + at);
        label = (int)((unsigned)(pair & 0xFFFFFFFFull) + 1u);
        info = (unsigned char)((pair >> 32) & 0xFFFFFFFFull);
    } else {
        label = labels[at] + 1;
        if (row + 1 < rows) {
            info = (unsigned char)labels[at + label_step];
        } else {
            info = img[row * img_step + col];
        }
    }
    if (col + 1 < cols) {
        *reinterpret_cast<unsigned long long*>(labels + at) =
            ((unsigned long long)(int)(yl_bit(info, 1) * label) << 32) |
            (unsigned long long)(long long)(int)(yl_bit(info, 0) * label);
        if (row + 1 < rows) {
            *reinterpret_cast<unsigned long long*>(labels + at + label_step) =
                ((unsigned long long)(int)(yl_bit(info, 3) * label) << 32) |
                (unsigned long long)(long long)(int)(yl_bit(info, 2) * label);
        }
    } else {
        labels[at] = (int)(yl_bit(info, 0) * label);
        if (row + 1 < rows) labels[at + label_step] = (int)(yl_bit(info, 2) * label);
    }
}
