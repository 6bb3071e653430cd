// parallel-etudes' cat_map_iter_k (mmarzolla/parallel-etudes, cuda-cat-map.cu, launched by
// cat_map in the same file with dim3 block(BLKDIM, BLKDIM), BLKDIM 32, on
// (N + 31) / 32 x (N + 31) / 32 blocks: an HPC course's exercise applying k iterations of
// Arnold's cat map to a square 8-bit PGM image in one launch) (blind check set 117: written
// after calibration, never fitted on). As in parallel-etudes: x = threadIdx.x + blockIdx.x
// blockDim.x, y = threadIdx.y + blockIdx.y blockDim.y, only x < N and y < N; starting from
// (x, y), k times xnext = (2 xcur + ycur) % N, ynext = (xcur + ycur) % N; then the pixel
// cur[x + y N] copied to next[xnext + ynext N]. Departures: the block any shape (x the
// column; y*z the row, z folded in), the images passed as 32-bit words (four pixels a word,
// still read and written a byte at a time), k >= 1 required (the source's k = 0 leaves its
// destination uninitialized), 64-bit byte offsets. Reimplemented from the published source
// (its indexing, arithmetic and control flow; none of its text). Exact: integer arithmetic
// only. 2-D, no shared memory: per thread 2 k integer remainders, then one 1 B load (a
// warp's 32 B contiguous) and one 1 B store scattered over the image (the map's image of a
// row segment: a warp's bytes on distinct rows, strided).
#include "common.cuh"

extern "C" __global__ void etudes_cat_map(const unsigned int* cur_words, unsigned int* next_words,
                                          int N, int k) {
    const int x = ga_col();
    const int y = ga_row();
    if (x >= N || y >= N) return;
    int xcur = x, ycur = y, xnext = x, ynext = y;
    for (int i = 0; i < k; ++i) {
        xnext = (2 * xcur + ycur) % N;
        ynext = (xcur + ycur) % N;
        xcur = xnext;
        ycur = ynext;
    }
    const unsigned char* cur = reinterpret_cast<const unsigned char*>(cur_words);
    unsigned char* next = reinterpret_cast<unsigned char*>(next_words);
    next[(long long)ynext * N + xnext] = cur[(long long)y * N + x];
}
