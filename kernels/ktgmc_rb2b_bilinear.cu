// The bilinear-filtered 2x reduction of a motion-search pyramid level, KTGMC's
// kl_RB2B_bilinear_filtered (nekopanda/AviSynthCUDAFilters, KTGMC/MVKernel.cu, behind
// KMVPlane's RB2BilinearFiltered: KMSuper building each coarser level of the MVTools super
// clip with rfilter 2, the default, before KMAnalyse's hierarchical block search in KTGMC /
// QTGMC) (blind check set 62: written after calibration, never fitted on). As in KTGMC (8-bit
// pixels): a block of threads stages, per destination row y, the vertical pass of source rows
// 2y - 1 .. 2y + 2 (weights 1/8, 3/8, 3/8, 1/8, the sum + 4 divided by 8; the first and last
// destination rows the rounded mean of rows 2y and 2y + 1) for RB2B_BILINEAR_W (32) source
// columns from column x - 1 (one column of halo each side) into a shared tile of pixels, a
// barrier, then the first (W - 2) / 2 threads of each row take the horizontal pass of the same
// weights over the tile's columns 2 tx .. 2 tx + 3 (the first and last destination columns
// the rounded mean of two) and store one pixel each; the host's 32 x 16 blocks on
// cdiv(2 nWidth, 30) x cdiv(nHeight, 16) blocks. Departures: the block the sweep's, any shape
// (y*z the destination row, z folded in; along x the block's outputs P = max(1, (bx - 2) / 2)
// and its tile 2 P + 2 columns, staged in passes of bx threads: at the host's bx = 32 one pass
// of 32 columns and 15 outputs, as in KTGMC), the static __shared__ tile one dynamic allocation
// of (2 P + 2) by*bz bytes, the planes as 4 B words cast to bytes. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// integer arithmetic on bytes. 2-D: x the destination column (P a block), y*z the destination
// row.
#include "common.cuh"

typedef unsigned char ktgmc_pixel;  // pixel_t of the 8-bit instance

extern "C" __global__ void ktgmc_rb2b_bilinear(unsigned int* __restrict__ dst_words,
                                               const unsigned int* __restrict__ src_words,
                                               int nDstPitch, int nSrcPitch, int nWidth,
                                               int nHeight) {
    ktgmc_pixel* pDst = reinterpret_cast<ktgmc_pixel*>(dst_words);
    const ktgmc_pixel* pSrc = reinterpret_cast<const ktgmc_pixel*>(src_words);
    extern __shared__ ktgmc_pixel rb2b_tile[];

    const int outs = max(1, ((int)blockDim.x - 2) / 2);  // destination columns of the block
    const int tile_w = 2 * outs + 2;                      // staged source columns
    const int y = ga_row();
    const int y2 = y * 2;
    ktgmc_pixel* tmp = rb2b_tile + ga_row_in_block() * tile_w;

    // vertical pass: source rows 2y - 1 .. 2y + 2 of the block's columns, one halo column each side
    for (int tx = threadIdx.x; tx < tile_w; tx += blockDim.x) {
        const int x = tx - 1 + blockIdx.x * 2 * outs;
        if (x >= 0 && x < nWidth * 2) {
            if (y < 1) {
                tmp[tx] = (pSrc[x + y2 * nSrcPitch] + pSrc[x + (y2 + 1) * nSrcPitch] + 1) >> 1;
            } else if (y < nHeight - 1) {
                tmp[tx] = (pSrc[x + (y2 - 1) * nSrcPitch] + pSrc[x + y2 * nSrcPitch] * 3 +
                           pSrc[x + (y2 + 1) * nSrcPitch] * 3 + pSrc[x + (y2 + 2) * nSrcPitch] +
                           4) / 8;
            } else if (y < nHeight) {
                tmp[tx] = (pSrc[x + y2 * nSrcPitch] + pSrc[x + (y2 + 1) * nSrcPitch] + 1) >> 1;
            }
        }
    }

    __syncthreads();

    // horizontal pass: tile column 0 is source column 2 x - 1 of the block's first output
    if (y < nHeight) {
        for (int tx = threadIdx.x; tx < outs; tx += blockDim.x) {
            const int x = tx + blockIdx.x * outs;
            const int tx2 = tx * 2;
            if (x < 1) {
                pDst[x + y * nDstPitch] = (tmp[tx2 + 1] + tmp[tx2 + 2] + 1) >> 1;
            } else if (x < nWidth - 1) {
                pDst[x + y * nDstPitch] =
                    (tmp[tx2] + tmp[tx2 + 1] * 3 + tmp[tx2 + 2] * 3 + tmp[tx2 + 3] + 4) / 8;
            } else if (x < nWidth) {
                pDst[x + y * nDstPitch] = (tmp[tx2 + 1] + tmp[tx2 + 2] + 1) >> 1;
            }
        }
    }
}
