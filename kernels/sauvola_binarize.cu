// Sauvola's local-threshold binarization of a scanned document (Sauvola and Pietikainen,
// 2000: T = m (1 + k (s / R - 1)) with the window's mean m and standard deviation s, k = 0.5
// and R = 128, the paper's values), OpenCV's ximgproc::niBlackThreshold(BINARIZATION_SAUVOLA,
// THRESH_BINARY: 255 where the pixel is above T, 0 elsewhere) with its BORDER_REPLICATE box
// filters, over a (2 radius + 1)^2 window staged through a shared-memory byte tile (blind
// check set 23: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind23/ once recorded). The page and the result are row-major 8-bit images
// travelling as uint32 words of four bytes (pixel 4 w + b in byte b of word w, little-endian)
// and read and written as bytes. The block's output tile is bx columns by by' = blockDim.y *
// blockDim.z rows; the block first copies the (bx + 2 radius) x (by' + 2 radius) input tile
// around it into shared memory (coordinates clamped into the image: the replicated border),
// each thread striding over the tile's rows by by' and its columns by bx (a row of threads
// loads contiguous bytes; the halo takes extra passes), waits at the barrier, then each
// thread sums its window's n = (2 radius + 1)^2 bytes and their squares (n shared byte loads
// from 2 radius + 1 rows; neighbouring lanes read neighbouring bytes) and decides exactly in
// integers: with S1 and S2 the sums and V = n S2 - S1^2 (n^2 times the variance), p > T is
// A = 2 n p - S1 > 0 and (128 n A)^2 > S1^2 V (T = m (1/2 + s / 256) multiplied out; 64-bit
// unsigned products, exact for radius <= 7), the float rule's exact value. One byte store.
// Dynamic shared memory: (bx + 2 radius) (by' + 2 radius) bytes. Every thread reaches the
// barrier. x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void sauvola_binarize(const unsigned* __restrict__ page_words,
                                            unsigned* __restrict__ out_words, int rows,
                                            int cols, int radius) {
    extern __shared__ char sv_smem[];  // the tile, one byte a pixel
    unsigned char* sv_tile = reinterpret_cast<unsigned char*>(sv_smem);
    const unsigned char* page = reinterpret_cast<const unsigned char*>(page_words);
    unsigned char* out = reinterpret_cast<unsigned char*>(out_words);
    const int bx = blockDim.x;
    const int by = ga_block_rows();
    const int pitch = bx + 2 * radius;
    const int height = by + 2 * radius;
    const int row0 = blockIdx.y * by - radius;  // image row of the tile's first (halo) row
    const int col0 = blockIdx.x * bx - radius;  // image column of its first column
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();
    for (int yy = ty; yy < height; yy += by) {
        const int rr = min(max(row0 + yy, 0), rows - 1);
        for (int xx = tx; xx < pitch; xx += bx) {
            const int cc = min(max(col0 + xx, 0), cols - 1);
            sv_tile[yy * pitch + xx] = page[(long long)rr * cols + cc];
        }
    }
    __syncthreads();
    const int r = row0 + radius + ty;
    const int c = col0 + radius + tx;
    if (r >= rows || c >= cols) {
        return;
    }
    const int side = 2 * radius + 1;
    int s1 = 0, s2 = 0;
    for (int dy = 0; dy < side; ++dy) {
        const unsigned char* line = sv_tile + (ty + dy) * pitch + tx;
        for (int dx = 0; dx < side; ++dx) {
            const int v = line[dx];
            s1 += v;
            s2 += v * v;
        }
    }
    const int p = sv_tile[(ty + radius) * pitch + tx + radius];
    const long long n = (long long)side * side;
    const long long a = 2 * n * p - s1;  // 2 n (p - m)
    bool above = false;
    if (a > 0) {
        const unsigned long long v = (unsigned long long)(n * s2 - (long long)s1 * s1);
        const unsigned long long lhs = (unsigned long long)(128 * n * a);
        above = lhs * lhs > (unsigned long long)s1 * (unsigned long long)s1 * v;
    }
    out[(long long)r * cols + c] = above ? 255 : 0;
}
