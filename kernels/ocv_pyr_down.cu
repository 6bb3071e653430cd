// One level of a Gaussian image pyramid (blur with the 5 x 5 binomial filter [1 4 6 4 1]^2 /
// 256, keep the even rows and columns), OpenCV's CUDA pyrDown<float> (opencv_contrib
// modules/cudawarping/src/cuda/pyr_down.cu: cv::cuda::pyrDown on CV_32FC1, BORDER_REFLECT_101
// through BrdReflect101), one source column of one destination row per thread (blind check
// set 33: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind33/ once recorded). As in OpenCV: each thread sums the five source
// rows 2y - 2 .. 2y + 2 of its column x with weights 1/16, 4/16, 6/16, 4/16, 1/16 into a
// shared row of the block's columns and two columns either side (the threads near the
// block's left and right ends also summing those), the rows and columns reflected (101)
// when the thread's x or the rows are within 2 of the image's edge (the interior threads
// index directly); after a barrier the threads of the first half of the block each take one
// even source column and sum five neighbours of the shared row with the same weights,
// storing destination pixel (y, x / 2). Departures: OpenCV's blocks are 256 x 1 on a grid of
// (cols / 256, dst rows) with a static smem[256 + 4]; here a block is bx x by*bz, each of
// its rows a destination row with its own (bx + 4)-float shared row (dynamic shared memory:
// 4 (bx + 4) by*bz bytes), threads of rows past the destination skip their loads and store;
// the halo columns are loaded by the threads tx < 2 (left) and tx >= bx - 2 (right) as in
// OpenCV, by a loop over the two columns when the block is one lane wide; the second phase
// takes the block's even source columns wherever the block starts (OpenCV's blocks start on
// even columns, so its thread tx takes column 2 tx of the block). The PtrStep images are
// dense. Written from memory of OpenCV's kernel. Per thread: five 4 B loads (contiguous
// along the row; each source row read by the threads of up to three destination rows) and
// up to four more for the block's edge columns, a shared store, one barrier, and for half
// the threads five shared loads and a contiguous 4 B store. float32 (integer images: exact,
// the weights are sixteenths). x -> source column, y*z -> destination row.
#include "common.cuh"

// BrdReflect101's row and column indices (OpenCV's border_interpolate.hpp)
__device__ __forceinline__ int pyr_idx_low(int i, int last) { return ::abs(i) % (last + 1); }

__device__ __forceinline__ int pyr_idx_high(int i, int last) {
    return ::abs(last - ::abs(last - i)) % (last + 1);
}

__device__ __forceinline__ int pyr_idx(int i, int last) {
    return pyr_idx_low(pyr_idx_high(i, last), last);
}

// the vertical 5-tap sum of column c over rows r0..r4
__device__ __forceinline__ float pyr_vsum(const float* src, long long cols, int r0, int r1,
                                          int r2, int r3, int r4, int c) {
    float sum;
    sum = 0.0625f * src[r0 * cols + c];
    sum = sum + 0.25f * src[r1 * cols + c];
    sum = sum + 0.375f * src[r2 * cols + c];
    sum = sum + 0.25f * src[r3 * cols + c];
    sum = sum + 0.0625f * src[r4 * cols + c];
    return sum;
}

extern "C" __global__ void ocv_pyr_down(const float* __restrict__ src, float* __restrict__ dst,
                                        int src_rows, int src_cols, int dst_rows,
                                        int dst_cols) {
    extern __shared__ float pyr_smem[];
    const int bw = blockDim.x;
    float* smem = pyr_smem + ga_row_in_block() * (bw + 4);  // this row's (bw + 4) floats

    const int x0 = blockIdx.x * bw;  // the block's first source column
    const int x = x0 + threadIdx.x;
    const int y = blockIdx.y * ga_block_rows() + ga_row_in_block();
    const int last_row = src_rows - 1;
    const int last_col = src_cols - 1;

    const int src_y = 2 * y;

    if (y < dst_rows) {
        if (src_y >= 2 && src_y < src_rows - 2 && x >= 2 && x < src_cols - 2) {
            smem[2 + threadIdx.x] =
                pyr_vsum(src, src_cols, src_y - 2, src_y - 1, src_y, src_y + 1, src_y + 2, x);

            for (int k = threadIdx.x; k < 2; k += bw) {  // left: x - 2 for tx < 2
                const int left_x = x0 + k - 2;
                smem[k] = pyr_vsum(src, src_cols, src_y - 2, src_y - 1, src_y, src_y + 1,
                                   src_y + 2, left_x);
            }

            for (int k = bw - 1 - threadIdx.x; k < 2; k += bw) {  // right: x + 2 for the last two
                const int right_x = x0 + bw + 1 - k;
                smem[bw + 3 - k] = pyr_vsum(src, src_cols, src_y - 2, src_y - 1, src_y,
                                            src_y + 1, src_y + 2, right_x);
            }
        } else {
            const int r0 = pyr_idx_low(src_y - 2, last_row);
            const int r1 = pyr_idx_low(src_y - 1, last_row);
            const int r3 = pyr_idx_high(src_y + 1, last_row);
            const int r4 = pyr_idx_high(src_y + 2, last_row);

            smem[2 + threadIdx.x] =
                pyr_vsum(src, src_cols, r0, r1, src_y, r3, r4, pyr_idx_high(x, last_col));

            for (int k = threadIdx.x; k < 2; k += bw) {
                const int left_x = x0 + k - 2;
                smem[k] = pyr_vsum(src, src_cols, r0, r1, src_y, r3, r4,
                                   pyr_idx(left_x, last_col));
            }

            for (int k = bw - 1 - threadIdx.x; k < 2; k += bw) {
                const int right_x = x0 + bw + 1 - k;
                smem[bw + 3 - k] = pyr_vsum(src, src_cols, r0, r1, src_y, r3, r4,
                                            pyr_idx_high(right_x, last_col));
            }
        }
    }

    __syncthreads();

    // the block's even source columns: 2 tx of the block where it starts on an even column
    const int tid2 = threadIdx.x * 2 + (x0 & 1);

    if (y < dst_rows && tid2 < bw) {
        float sum;
        sum = 0.0625f * smem[2 + tid2 - 2];
        sum = sum + 0.25f * smem[2 + tid2 - 1];
        sum = sum + 0.375f * smem[2 + tid2];
        sum = sum + 0.25f * smem[2 + tid2 + 1];
        sum = sum + 0.0625f * smem[2 + tid2 + 2];

        const int dst_x = (x0 + tid2) / 2;

        if (dst_x < dst_cols) dst[(long long)y * dst_cols + dst_x] = sum;
    }
}
