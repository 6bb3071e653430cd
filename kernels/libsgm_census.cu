// Centre-symmetric census transform of the left image of a stereo pair, libSGM's
// census_transform_kernel (fixstars/libSGM, src/census_transform.cu, the first stage of
// StereoSGM::execute before the path aggregation) (blind check set 47: written after
// calibration, never fitted on). As in libSGM: a 9 x 7 window (WINDOW_WIDTH, WINDOW_HEIGHT),
// LINES_PER_BLOCK = 16 output lines a thread, walked with a ring of SMEM_BUFFER_SIZE =
// WINDOW_HEIGHT + 1 image lines in shared memory: the first WINDOW_HEIGHT lines loaded (zero
// outside the image), a barrier, then per line i the next line loaded into the ring's free
// slot (WINDOW_HEIGHT + i) % SMEM_BUFFER_SIZE while the line i is computed from the other
// seven, and a barrier; a pixel at least half a window inside the image gets the 31 bits of
// the centre-symmetric comparisons a > b of the pairs (dy, dx) and (-dy, -dx): the three rows
// above the centre against the three below, then the four pixels left of the centre against
// the four right of it, f = (f << 1) | (a > b) in that order, stored to dest[x + y width]; the
// border half a window wide is not written. Departures: libSGM's block is BLOCK_SIZE = 128
// threads along x (x0 = blockIdx.x (BLOCK_SIZE - WINDOW_WIDTH + 1) - half_kw, each thread
// loading one column, the threads of the halo only loading) and its grid (width /
// (BLOCK_SIZE - 8)) x (height / LINES_PER_BLOCK); here a bx x by*bz block is by*bz such rings
// stacked along y (each row of threads a group of LINES_PER_BLOCK lines, the block's
// groups one after another), each ring bx + 8 columns wide (the block's output columns and
// the halo of four each side, loaded by the group's bx threads in a loop over the columns),
// one dynamic allocation of by*bz rings of SMEM_BUFFER_SIZE lines; the grid cdiv(width, bx) x
// cdiv(height, LINES_PER_BLOCK by*bz); a 128 x 1 block is a libSGM block with its halo
// loaded by the loop; pixel_type uint8 (libSGM's 8-bit input), read from a buffer of words;
// z folded into the rows. Written from memory. Exact (integer comparisons). x -> column,
// y*z -> a group of 16 lines.
#include "common.cuh"

typedef unsigned int feature_type;
typedef unsigned char pixel_type;

static constexpr int WINDOW_WIDTH = 9;
static constexpr int WINDOW_HEIGHT = 7;
static constexpr int LINES_PER_BLOCK = 16;

extern "C" __global__ void libsgm_census(feature_type* __restrict__ dest,
                                         const unsigned* __restrict__ src_words, int width,
                                         int height, int pitch) {
    const pixel_type* src = reinterpret_cast<const pixel_type*>(src_words);
    static const int SMEM_BUFFER_SIZE = WINDOW_HEIGHT + 1;

    const int half_kw = WINDOW_WIDTH / 2;
    const int half_kh = WINDOW_HEIGHT / 2;

    extern __shared__ pixel_type census_smem[];  // [by*bz][SMEM_BUFFER_SIZE][bx + 8]
    const int line_width = blockDim.x + WINDOW_WIDTH - 1;
    const int group = ga_row_in_block();
    pixel_type* smem_lines = census_smem + group * SMEM_BUFFER_SIZE * line_width;

    const int tid = threadIdx.x;
    const int x0 = blockIdx.x * blockDim.x - half_kw;
    const int y0 = ga_row() * LINES_PER_BLOCK;

    for (int i = 0; i < WINDOW_HEIGHT; ++i) {
        for (int c = tid; c < line_width; c += blockDim.x) {
            const int x = x0 + c, y = y0 - half_kh + i;
            pixel_type value = 0;
            if (0 <= x && x < width && 0 <= y && y < height) {
                value = src[x + y * pitch];
            }
            smem_lines[i * line_width + c] = value;
        }
    }
    __syncthreads();

    for (int i = 0; i < LINES_PER_BLOCK; ++i) {
        if (i + 1 < LINES_PER_BLOCK) {
            // Load to smem
            for (int c = tid; c < line_width; c += blockDim.x) {
                const int x = x0 + c, y = y0 + half_kh + i + 1;
                pixel_type value = 0;
                if (0 <= x && x < width && 0 <= y && y < height) {
                    value = src[x + y * pitch];
                }
                const int smem_y = (WINDOW_HEIGHT + i) % SMEM_BUFFER_SIZE;
                smem_lines[smem_y * line_width + c] = value;
            }
        }

        {
            // Compute and store
            const int x = x0 + half_kw + tid, y = y0 + i;
            if (half_kw <= x && x < width - half_kw && half_kh <= y && y < height - half_kh) {
                const int smem_x = tid + half_kw;
                const int smem_y = (half_kh + i) % SMEM_BUFFER_SIZE;
                feature_type f = 0;
                for (int dy = -half_kh; dy < 0; ++dy) {
                    const int smem_y1 = (smem_y + dy + SMEM_BUFFER_SIZE) % SMEM_BUFFER_SIZE;
                    const int smem_y2 = (smem_y - dy + SMEM_BUFFER_SIZE) % SMEM_BUFFER_SIZE;
                    for (int dx = -half_kw; dx <= half_kw; ++dx) {
                        const int smem_x1 = smem_x + dx;
                        const int smem_x2 = smem_x - dx;
                        const auto a = smem_lines[smem_y1 * line_width + smem_x1];
                        const auto b = smem_lines[smem_y2 * line_width + smem_x2];
                        f = (f << 1) | (a > b);
                    }
                }
                for (int dx = -half_kw; dx < 0; ++dx) {
                    const int smem_x1 = smem_x + dx;
                    const int smem_x2 = smem_x - dx;
                    const auto a = smem_lines[smem_y * line_width + smem_x1];
                    const auto b = smem_lines[smem_y * line_width + smem_x2];
                    f = (f << 1) | (a > b);
                }
                dest[x + y * width] = f;
            }
        }
        __syncthreads();
    }
}
