// The horizontal pass of a non-local-means patch distance, vs-nlm-cuda's distance_horizontal
// (AmusementClub/vs-nlm-cuda, source/kernel.cu, a CUDA port of Khanattila's KNLMeansCL:
// launched by distance_horizontal_dispatch<hrz_result = 3> from nlmeans() for every search
// offset of every frame of the VapourSynth filter nlm_cuda.NLMeans, twice for a temporal one) (blind check set 59: written after calibration, never fitted on). As in
// vs-nlm-cuda (32-bit float clip, channels "Y"): each row of threads fills its own
// shared-memory row of 3 blockDim.x + 2 block_radius squared differences, 3 times a weight of
// 3, between the frame's pixel at the row's column (clamped to the width) and the neighbour
// frame's pixel offset by (offset_x, offset_y) (the row and the shifted column clamped again),
// the loop in passes of blockDim.x from block_radius before the block's 3 blockDim.x columns;
// then every thread sums 2 block_radius + 1 cached values for each of its 3 columns (blockDim.x
// apart) and stores them to the distance buffer; the host's 16 x 8 blocks on cdiv(width, 48) x
// cdiv(height, 8) with 8 (48 + 2 block_radius) floats of dynamic shared memory. Departures: the
// block the sweep's, any shape (x the column, y*z the row, z folded in; by*bz cached rows of
// 3 bx + 2 block_radius floats); the __syncwarp between the fill and the sums a __syncthreads
// (a row of more than 32 threads spans warps) and the early return of rows past the height
// moved after it (they fill nothing); the other channel modes' branches (UV, YUV, RGB) left
// out, the float clip's scale (the identity) dropped; the frame and its neighbour passed as
// two pointers (the host's offsets into the frame window). Reimplemented from the published
// source (its indexing, arithmetic and control flow; none of its text). Exact: whole-number
// pixels, the squares times 3 and their sums below 2^24. 2-D: x the column (3 a thread, bx
// apart), y*z the row.
#include "common.cuh"

#define HRZ_RESULT 3

extern "C" __global__ void vsnlm_distance_horizontal(float* __restrict__ buffer,
                                                     const float* __restrict__ src,
                                                     const float* __restrict__ neighbor_src,
                                                     int width, int height, int image_stride,
                                                     int buffer_stride, int offset_x,
                                                     int offset_y, int block_radius) {
    extern __shared__ float row_cache[];  // [by*bz][HRZ_RESULT bx + 2 block_radius]
    const int y = ga_row();
    const int cache_width = HRZ_RESULT * blockDim.x + 2 * block_radius;
    float* cache = row_cache + ga_row_in_block() * cache_width;
    const int first = blockIdx.x * HRZ_RESULT * blockDim.x;  // the block's first column
    if (y < height) {
        const int neighbor_y = min(max(y + offset_y, 0), height - 1);
        for (int i = threadIdx.x; i < cache_width; i += blockDim.x) {
            const int cx = min(max(first - block_radius + i, 0), width - 1);
            const float center = src[y * image_stride + cx];
            const float neighbor =
                neighbor_src[neighbor_y * image_stride + min(max(cx + offset_x, 0), width - 1)];
            const float diff = center - neighbor;
            cache[i] = diff * diff * 3;
        }
    }
    __syncthreads();
    if (y >= height) return;
    int x = first + threadIdx.x;
    int cached = threadIdx.x + block_radius;
    for (int r = 0; r < HRZ_RESULT; r++, x += blockDim.x, cached += blockDim.x) {
        if (x >= width) return;
        float sum = 0.0f;
        for (int i = -block_radius; i <= block_radius; i++) sum += cache[cached + i];
        buffer[y * buffer_stride + x] = sum;
    }
}
