// sgm's CenterSymmetricCensusKernelSM2 (dhernandez0/sgm, costs.cu, launched by
// compute_disparity_method in disparity_method.cu: the first stage of Hernandez-Juarez et al.'s
// embedded real-time semi-global matching, the centre-symmetric census transform of the left
// and the right image of a stereo pair in one pass, before the Hamming matching cost and the
// path aggregation) (blind check set 97: written after calibration, never fitted on). As in
// sgm: idx and idy the pixel's column and row; a shared-memory window of the block's pixels
// and a halo of LEFT = 4 columns and TOP = 3 rows each side filled for both images by the
// block's threads (the linear thread id split into a window row and column, pixels outside the
// image 0), a barrier, then for a pixel inside the image the 9 x 7 centre-symmetric census: for
// the window rows k = 0..2 and columns m = 0..8 the bit k 9 + m set when window(k, m) >=
// window(6 - k, 8 - m), then for the centre row k = 3 the columns m = 0..3 (31 bits), both
// images alike, the two 32-bit codes stored to transform[idy cols + idx] and
// transform2[...]; the host's 32 x 32 threads on cdiv(cols, 32) x cdiv(rows, 32) blocks.
// Departures: the block the sweep's, any shape (x the column, y*z the row with z folded in);
// the window (bx + 8) x (by*bz + 6) bytes an image in dynamic shared memory (sgm's is static,
// 40 x 38 for its 32 x 32 block) and filled by a loop over it in steps of the block's threads
// (sgm's two passes, id and id + 1024, cover its window with 1,024 threads); the 8-bit images
// read as the bytes of word buffers; 64-bit offsets. Reimplemented from the published source
// (its indexing, arithmetic and control flow; none of its text). Exact: integer comparisons.
// 2-D, shared memory: each thread one or two 1 B loads of each image into the window (a warp's
// 32 B contiguous a row), a barrier, 31 pairs of shared-memory byte reads an image, two 4 B
// stores (a warp's 128 B contiguous).
#include "common.cuh"

typedef unsigned char sgm_pixel;

static constexpr int SGM_CENSUS_WIDTH = 9;
static constexpr int SGM_CENSUS_HEIGHT = 7;
static constexpr int SGM_TOP = (SGM_CENSUS_HEIGHT - 1) / 2;
static constexpr int SGM_LEFT = (SGM_CENSUS_WIDTH - 1) / 2;

extern "C" __global__ void sgm_csct_census(const unsigned* im_words, const unsigned* im2_words,
                                           unsigned* transform, unsigned* transform2,
                                           unsigned rows, unsigned cols) {
    const sgm_pixel* im = reinterpret_cast<const sgm_pixel*>(im_words);
    const sgm_pixel* im2 = reinterpret_cast<const sgm_pixel*>(im2_words);
    extern __shared__ sgm_pixel sgm_windows[];  // [2][by*bz + 6][bx + 8]
    const int win_cols = blockDim.x + 2 * SGM_LEFT;
    const int win_rows = ga_block_rows() + 2 * SGM_TOP;
    const int win_size = win_cols * win_rows;
    sgm_pixel* window = sgm_windows;
    sgm_pixel* window2 = sgm_windows + win_size;

    const int row0 = blockIdx.y * ga_block_rows() - SGM_TOP;
    const int col0 = blockIdx.x * blockDim.x - SGM_LEFT;
    for (int id = ga_tid(); id < win_size; id += ga_nthreads()) {
        const int wr = id / win_cols;
        const int wc = id - wr * win_cols;
        const int r = row0 + wr;
        const int c = col0 + wc;
        const bool inside = r >= 0 && c >= 0 && r < (int)rows && c < (int)cols;
        const long long p = (long long)r * cols + c;
        window[id] = inside ? im[p] : 0;
        window2[id] = inside ? im2[p] : 0;
    }
    __syncthreads();

    const int x = ga_col();
    const int y = ga_row();
    if (y >= (int)rows || x >= (int)cols) return;
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();
    unsigned census = 0;
    unsigned census2 = 0;
    for (int k = 0; k <= SGM_CENSUS_HEIGHT / 2; k++) {
        const int mend = k < SGM_CENSUS_HEIGHT / 2 ? SGM_CENSUS_WIDTH : SGM_CENSUS_WIDTH / 2;
        const int a_row = (ty + k) * win_cols + tx;
        const int b_row = (ty + 2 * SGM_TOP - k) * win_cols + tx + 2 * SGM_LEFT;
        for (int m = 0; m < mend; m++) {
            const unsigned bit = 1u << (k * SGM_CENSUS_WIDTH + m);
            if (window[a_row + m] >= window[b_row - m]) census |= bit;
            if (window2[a_row + m] >= window2[b_row - m]) census2 |= bit;
        }
    }
    const long long out = (long long)y * cols + x;
    transform[out] = census;
    transform2[out] = census2;
}
