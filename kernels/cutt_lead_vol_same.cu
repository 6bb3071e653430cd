// cuTT's transposeTiledLeadVolSame<float> (ap-hynninen/cutt, src/cuttkernel.cu, launched by
// cuttKernel in the same file with cuttKernelLaunchConfiguration's TiledLeadVolSame plan: a
// tensor permutation that keeps the leading dimension, e.g. (d0, d1, d2) -> (d0, d2, d1), copied
// tile by tile without shared memory) (blind check set 85: written after calibration, never
// fitted on). As in cuTT: x = blockIdx.x TILEDIM + threadIdx.x along the kept lead volume, y =
// blockIdx.y TILEDIM + threadIdx.y along the tiled dimension; for posMbar from blockIdx.z below
// volMbar in steps of gridDim.z, the tile's TILEDIM / TILEROWS values a thread (rows y + j, j
// in steps of TILEROWS) loaded into registers from posMbar ct_in + x + (y + j) cuDimMk where x
// < tiledVol.x and y + j < tiledVol.y, then stored to posMbar ct_out + x + (y + j) cuDimMm;
// cuTT's TILEDIM x TILEROWS = 32 x 8 threads (cuttplan.h) on cdiv(volMm, 32) x cdiv(volMkBar,
// 32) x max(1, min(64 / (those two), volMbar)) blocks. Departures: the block the sweep's, any
// shape (x the lead element, its tile bx wide; y*z the rows of the fixed 32-row tile, each
// thread taking rows by*bz apart, z folded in: TILEROWS read as by*bz); the Mbar volume as one
// rank (its position times its input and output strides; the source's warp-shuffle sum over
// Mbar's ranks (tensorPos) reduces to that for one rank); each value stored right after its
// load (the source stages its TILEDIM / TILEROWS = 4 values in registers first; with by*bz rows
// a step that count reaches 32, which spills); float only; the offsets in 64 bits.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: copies. 2-D, no shared memory, a per-block work split: a block a 32-row
// tile, each thread up to 32 / (by*bz) of its rows, 4 B loads and stores (a
// warp's 128 B contiguous a row), the block looping over the Mbar positions of its grid layer.
#include "common.cuh"

#define CUTT_TILEDIM 32

extern "C" __global__ void cutt_lead_vol_same(int volMbar, int cuDimMk, int cuDimMm,
                                              int tiledVolX, int tiledVolY, int mbarIn,
                                              int mbarOut, const float* dataIn,
                                              float* dataOut) {
    const int rows = ga_block_rows();
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * CUTT_TILEDIM + ga_row_in_block();
    for (int posMbar = blockIdx.z; posMbar < volMbar; posMbar += gridDim.z) {
        const long long in0 = (long long)posMbar * mbarIn + x + (long long)y * cuDimMk;
        const long long out0 = (long long)posMbar * mbarOut + x + (long long)y * cuDimMm;
        for (int j = 0; ga_row_in_block() + j < CUTT_TILEDIM; j += rows) {
            if (x < tiledVolX && y + j < tiledVolY) {
                dataOut[out0 + (long long)j * cuDimMm] = dataIn[in0 + (long long)j * cuDimMk];
            }
        }
    }
}
