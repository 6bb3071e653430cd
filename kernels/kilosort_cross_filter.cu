// The cross-correlations of every pair of spike templates, Kilosort's crossFilter
// (MouseLand/Kilosort, CUDA/mexWtW2.cu, behind the mexWtW2 MEX function: Kilosort2's
// getMeWtW, which the template-matching passes (learnAndSolve8b) call to refresh WtW, the
// temporal components' cross-correlations at every lag weighted by the spatial overlaps UtU)
// (blind check set 64: written after calibration, never fitted on). As in Kilosort: a block
// of 32 x 32 threads a tile of 32 x 32 template pairs (i = blockIdx.x 32 + threadIdx.x from W1,
// j = blockIdx.y 32 + threadIdx.y from W2); each row of threads copies its W2 template's nt0
// samples (and a W1 template's) to shared memory, x striding by the block's width; a barrier;
// then each thread, for each of the 2 nt0 - 1 lags, sums the products of the overlapping
// samples of its two templates from shared memory in order (W1[t] W2[t + nt0 - 1 - lag]),
// multiplies by UtU[i + j Nfilt] (loaded each lag) and stores WtW[i + j Nfilt + lag Nfilt^2]; the
// host's 32 x 32 blocks on Nfilt / 32 x Nfilt / 32 blocks. Departures: the block the sweep's,
// any shape (x the W1 template, y*z the W2 template, z folded in: a tile of bx x (by*bz)
// pairs, the W2 tile by*bz templates, the W1 tile bx templates copied by the rows in steps of
// by*bz (the source's square block has row ty copy W1 template ty)), each thread bounded by
// Nfilt (the source's Nfilt is a multiple of 32); the static __shared__ tiles one dynamic
// allocation (bx + by*bz) nt0 floats; Nfilt and nt0 as int arguments (the source reads
// Params[1] and Params[9], doubles, in every thread). Reimplemented from the published
// source (its indexing, arithmetic and control flow; none of its text). Exact: whole-number
// template samples and overlaps (every product and partial sum an integer below 2^24, the same
// with or without FMA contraction). 2-D: x the W1 template, y*z the W2 template.
#include "common.cuh"

extern "C" __global__ void kilosort_cross_filter(const float* __restrict__ W1,
                                                 const float* __restrict__ W2,
                                                 const float* __restrict__ UtU,
                                                 float* __restrict__ WtW, int Nfilt, int nt0) {
    extern __shared__ float ks_tiles[];
    const int rows = ga_block_rows();
    float* shW1 = ks_tiles;                   // bx templates of W1
    float* shW2 = ks_tiles + blockDim.x * nt0;  // by*bz templates of W2
    const int tidx = threadIdx.x;
    const int tidy = ga_row_in_block();
    const int first1 = blockIdx.x * blockDim.x;
    const int first2 = blockIdx.y * rows;

    if (first2 + tidy < Nfilt) {
        for (int t = tidx; t < nt0; t += blockDim.x) {
            shW2[t + tidy * nt0] = W2[t + (tidy + first2) * nt0];
        }
    }
    for (int f = tidy; f < (int)blockDim.x; f += rows) {
        if (first1 + f < Nfilt) {
            for (int t = tidx; t < nt0; t += blockDim.x) {
                shW1[t + f * nt0] = W1[t + (f + first1) * nt0];
            }
        }
    }
    __syncthreads();

    const int i = first1 + tidx;
    const int j = first2 + tidy;
    if (i < Nfilt && j < Nfilt) {
        for (int lag = 0; lag < 2 * nt0 - 1; lag++) {
            float x = 0.0f;
            if (lag < nt0) {
                for (int t = 0; t < lag + 1; t++) {
                    x += shW1[t + nt0 * tidx] * shW2[t + (nt0 - lag - 1) + nt0 * tidy];
                }
            } else {
                for (int t = lag - nt0 + 1; t < nt0; t++) {
                    x += shW1[t + nt0 * tidx] * shW2[t + (nt0 - lag - 1) + nt0 * tidy];
                }
            }
            WtW[i + j * Nfilt + lag * Nfilt * Nfilt] = x * UtU[i + j * Nfilt];
        }
    }
}
