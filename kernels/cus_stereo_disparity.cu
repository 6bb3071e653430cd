// Block-matching stereo disparity, the CUDA Samples' stereoDisparityKernel
// (Samples/5_Domain_Specific/stereoDisparity/stereoDisparity_kernel.cuh), each disparity's
// per-pixel costs over the block's tile and an 8-pixel apron summed in a shared-memory tile
// sized from the block (blind check set 35: written after calibration, never fitted on; its
// sweeps go to fixtures/hopper/blind35/ once recorded). For each pixel of the left image and
// each disparity d from minDisparity to maxDisparity: the cost is the sum over the 17 x 17
// window (RAD 8) of the sum of absolute differences of the four bytes of the left pixel and
// of the right image's pixel d columns over (RGBX, 4 bytes a pixel; reads clamped to the
// image, the samples' clamp-addressed textures); the pixel's output is d + 8 for the first d
// of least cost (the sample's own offset). As in the sample: the diff tile of (by + 2 RAD) x
// (bx + 2 RAD) unsigned costs, for each disparity the tile's costs (LEFT: the block's columns
// shifted RAD left; RIGHT: the 2 RAD columns after them) by __usad4 of the two images'
// words, a barrier, the horizontal 17-tap sums of each of the tile's rows in place (read,
// barrier, write, barrier, a step at a time), the vertical 17-tap sum of the thread's column,
// the strict-less test against the best cost so far, a barrier, and the best disparity
// stored where inside the image. Departures for any block shape: the sample's 32 x 8 blocks
// with their static diff[8 + 16][32 + 16] become bx x by*bz blocks (z folded into the rows)
// with a dynamic tile, and its three row steps of RAD rows (by = RAD) and the RIGHT columns
// by threadIdx.x < 2 RAD (bx >= 2 RAD) become loops over the tile's rows a block's height
// apart (STEPS = ceil((by + 2 RAD) / by), the same trip count for every thread: the
// barriers inside) and its columns a block's width apart; the left image's words, kept in
// the imLeftA / imLeftB registers across the disparities in the sample (three and three),
// are read again for each disparity (their count now depends on the block; the sample keeps
// this read as a comment); the textures become clamped global loads; the inline-PTX
// __usad4 (vabsdiff4 with .add) becomes CUDA's __vsadu4 (the same sum of the four bytes'
// absolute differences). Written from memory of the sample and checked against its public
// source. Per thread and disparity: about (bx + 16)(by*bz + 16) / threads pairs of 4 B
// loads (rows contiguous; the left image's the same for every disparity, the right image's
// one column further each time: L1 hits) and __vsadu4, 17 shared loads and adds per tile
// row it sums (about (by*bz + 16) / (by*bz) rows), 17 down its column, 2 STEPS + 2 barriers;
// one contiguous 4 B store. uint32 throughout: exact. x -> column, y*z -> row.
#include "common.cuh"

#define SD_RAD 8

__device__ __forceinline__ unsigned sd_texel(const unsigned* __restrict__ img, int x, int y,
                                             int w, int h) {
    // tex2D<unsigned int> with cudaAddressModeClamp and point sampling
    x = min(max(x, 0), w - 1);
    y = min(max(y, 0), h - 1);
    return img[y * w + x];
}

extern "C" __global__ void cus_stereo_disparity(const unsigned* __restrict__ g_img0,
                                                const unsigned* __restrict__ g_img1,
                                                unsigned* __restrict__ g_odata, int w, int h,
                                                int minDisparity, int maxDisparity) {
    extern __shared__ unsigned sd_diff[];
    const int BX = blockDim.x;
    const int BY = ga_block_rows();
    // access thread id
    const int tidx = blockDim.x * blockIdx.x + threadIdx.x;
    const int tidy = BY * blockIdx.y + ga_row_in_block();
    const unsigned sidx = threadIdx.x + SD_RAD;
    const unsigned sidy = ga_row_in_block() + SD_RAD;

    // diff[BY + 2 RAD][BX + 2 RAD]
    const int pitch = BX + 2 * SD_RAD;
    const int tileRows = BY + 2 * SD_RAD;
    const int STEPS = (tileRows + BY - 1) / BY;  // 3 at the sample's by = 8
    const int XSTEPS = (pitch + BX - 1) / BX;    // LEFT and RIGHT at its bx = 32

    unsigned imLeft;
    unsigned imRight;
    unsigned cost;
    unsigned bestCost = 9999999;
    unsigned bestDisparity = 0;

    for (int d = minDisparity; d <= maxDisparity; d++) {
        // LEFT and RIGHT: the tile's costs, a block's height and width apart
        for (int i = 0; i < STEPS; i++) {
            const int row = ga_row_in_block() + i * BY;  // sidy + offset
            if (row < tileRows) {
                for (int j = 0; j < XSTEPS; j++) {
                    const int col = threadIdx.x + j * BX;  // sidx - RAD + j BX
                    if (col < pitch) {
                        imLeft = sd_texel(g_img0, tidx - SD_RAD + j * BX,
                                          tidy - SD_RAD + i * BY, w, h);
                        imRight = sd_texel(g_img1, tidx - SD_RAD + j * BX + d,
                                           tidy - SD_RAD + i * BY, w, h);
                        cost = __vsadu4(imLeft, imRight);
                        sd_diff[row * pitch + col] = cost;
                    }
                }
            }
        }

        __syncthreads();

        // sum cost horizontally
        for (int i = 0; i < STEPS; i++) {
            const int row = ga_row_in_block() + i * BY;
            cost = 0;
            if (row < tileRows) {
                for (int k = -SD_RAD; k <= SD_RAD; k++) {
                    cost += sd_diff[row * pitch + sidx + k];
                }
            }

            __syncthreads();
            if (row < tileRows) {
                sd_diff[row * pitch + sidx] = cost;
            }
            __syncthreads();
        }

        // sum cost vertically
        cost = 0;
        for (int k = -SD_RAD; k <= SD_RAD; k++) {
            cost += sd_diff[(sidy + k) * pitch + sidx];
        }

        // see if it is better or not
        if (cost < bestCost) {
            bestCost = cost;
            bestDisparity = d + 8;
        }

        __syncthreads();
    }

    if (tidy < h && tidx < w) {
        g_odata[tidy * w + tidx] = bestDisparity;
    }
}
