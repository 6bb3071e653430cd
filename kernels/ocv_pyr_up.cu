// One level up a Gaussian pyramid, OpenCV's CUDA pyrUp<float> (opencv_contrib
// modules/cudawarping/src/cuda/pyr_up.cu: cv::cuda::pyrUp, as Laplacian-pyramid blending and
// coarse-to-fine optical flow run it), the block's source pixels and its horizontally
// filtered rows staged in two shared-memory tiles sized from the block (blind check set 35:
// written after calibration, never fitted on; its sweeps go to fixtures/hopper/blind35/ once
// recorded). The destination is twice the source in each direction: the source with zeros
// between its pixels, blurred by the 5 x 5 binomial [1 4 6 4 1]^2 / 256 and times 4, so an
// even destination column takes 1/16, 6/16, 1/16 of the source columns (x - 2) / 2, x / 2,
// (x + 2) / 2 and an odd one 4/16, 4/16 of (x - 1) / 2, (x + 1) / 2, rows likewise; borders
// as OpenCV's: a source index below 0 mirrored by abs (reflect-101), one past the end
// clamped to the last (replicate). As in OpenCV: s_srcPatch, the source pixels the block's
// destination tile needs, loaded with the abs / min border, a barrier, every thread's even /
// odd flags from its column and its horizontal five-tap sum (the taps' weights multiplied by
// the flags, so every tap is read) of the source row of an even destination row, 0 for an odd
// one, into s_dstPatch row 2 + ty, the two rows above the tile by the first two thread rows
// and the two below it by the last two, a barrier, the vertical five-tap sum of s_dstPatch
// times 4, stored where inside the destination. Departures for any block shape: OpenCV's
// 16 x 16 blocks with static 10 x 10 and 20 x 16 tiles become bx x by*bz blocks (z folded
// into the rows) with a (bx / 2 + 3) x (by*bz / 2 + 3) source patch (enough for a tile that
// starts on an odd column or row) and a (by*bz + 4) x bx row tile in dynamic shared memory;
// the patch's one-pixel-a-thread load by threads below 10 x 10 becomes a loop over the patch;
// the flags and the patch's columns and rows come from the destination column and row (x0
// and y0 are even in OpenCV, so threadIdx and the pixel agree there); the extra rows' thread
// rows (ty < 2 and ty > 13) become loops that also cover blocks one row tall; the PtrStepSz
// arguments are dense (the steps kept as arguments). Written from memory of OpenCV's kernel
// and checked against its public source. Per thread: about (bx / 2 + 3)(by*bz / 2 + 3) /
// threads 4 B source loads (half a row's width, each source pixel read by the blocks that
// share it), two barriers, five shared loads and FMAs for its own row (more for the first
// and last two thread rows), five shared loads and FMAs down the column, one contiguous 4 B
// store. float32; integer pixels give exact results (sixty-fourths). x -> column, y*z -> row.
#include "common.cuh"

__device__ __forceinline__ float pyrup_row_sum(const float* srcRow, int x, int sx0) {
    // the five horizontal taps of destination column x; srcRow is a row of the source patch,
    // whose column 0 is source column sx0
    const int evenFlag = static_cast<int>((x & 1) == 0);
    const int oddFlag = static_cast<int>((x & 1) != 0);
    float sum = 0.0f;
    sum = sum + (evenFlag * 0.0625f) * srcRow[((x - 2) >> 1) - sx0];
    sum = sum + (oddFlag * 0.25f) * srcRow[((x - 1) >> 1) - sx0];
    sum = sum + (evenFlag * 0.375f) * srcRow[((x) >> 1) - sx0];
    sum = sum + (oddFlag * 0.25f) * srcRow[((x + 1) >> 1) - sx0];
    sum = sum + (evenFlag * 0.0625f) * srcRow[((x + 2) >> 1) - sx0];
    return sum;
}

extern "C" __global__ void ocv_pyr_up(const float* __restrict__ src, int src_step, int src_rows,
                                      int src_cols, float* __restrict__ dst, int dst_step,
                                      int dst_rows, int dst_cols) {
    extern __shared__ float pyrup_smem[];
    const int BX = blockDim.x;
    const int BY = ga_block_rows();
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();
    const int x0 = blockIdx.x * BX;  // the tile's first destination column and row
    const int y0 = blockIdx.y * BY;
    const int x = x0 + tx;
    const int y = y0 + ty;

    // s_srcPatch[sph][spw]: source rows from sy0, columns from sx0 (OpenCV's 10 x 10)
    const int spw = BX / 2 + 3;
    const int sph = BY / 2 + 3;
    const int sx0 = (x0 >> 1) - 1;
    const int sy0 = (y0 >> 1) - 1;
    float* s_srcPatch = pyrup_smem;
    // s_dstPatch[BY + 4][BX]: row r is destination row y0 - 2 + r (OpenCV's 20 x 16)
    float* s_dstPatch = pyrup_smem + sph * spw;

    for (int py = ty; py < sph; py += BY) {
        for (int px = tx; px < spw; px += BX) {
            int srcx = sx0 + px;
            int srcy = sy0 + py;

            srcx = ::abs(srcx);
            srcx = ::min(src_cols - 1, srcx);

            srcy = ::abs(srcy);
            srcy = ::min(src_rows - 1, srcy);

            s_srcPatch[py * spw + px] = src[(long long)srcy * src_step + srcx];
        }
    }

    __syncthreads();

    // the horizontal sums of destination row yy (0 for an odd row) into s_dstPatch row r
#define PYRUP_HROW(r)                                                                     \
    do {                                                                                  \
        const int yy = y0 - 2 + (r);                                                      \
        float hsum = 0.0f;                                                                \
        if ((yy & 1) == 0) {                                                              \
            hsum = pyrup_row_sum(s_srcPatch + ((yy >> 1) - sy0) * spw, x, sx0);           \
        }                                                                                 \
        s_dstPatch[(r) * BX + tx] = hsum;                                                 \
    } while (0)

    PYRUP_HROW(2 + ty);
    for (int k = ty; k < 2; k += BY) {  // OpenCV's threadIdx.y < 2: the rows above the tile
        PYRUP_HROW(k);
    }
    for (int k = BY - 1 - ty; k < 2; k += BY) {  // its threadIdx.y > 13: the rows below it
        PYRUP_HROW(BY + 3 - k);
    }
#undef PYRUP_HROW

    __syncthreads();

    float sum = 0.0f;

    sum = sum + 0.0625f * s_dstPatch[(2 + ty - 2) * BX + tx];
    sum = sum + 0.25f * s_dstPatch[(2 + ty - 1) * BX + tx];
    sum = sum + 0.375f * s_dstPatch[(2 + ty) * BX + tx];
    sum = sum + 0.25f * s_dstPatch[(2 + ty + 1) * BX + tx];
    sum = sum + 0.0625f * s_dstPatch[(2 + ty + 2) * BX + tx];

    if (x < dst_cols && y < dst_rows) {
        dst[(long long)y * dst_step + x] = 4.0f * sum;
    }
}
