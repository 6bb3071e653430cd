// The CCPi Regularisation Toolkit's Obj_func2D_kernel (TomographicImaging/CCPi-Regularisation-
// Toolkit, src/Core/regularisers_GPU/TV_FGP_GPU_core.cu, launched every iteration by
// TV_FGP_GPU_main in the same file: the objective-gradient step of FGP-TV, Beck and Teboulle's
// fast gradient projection for total-variation denoising of tomographic reconstructions, the
// current image the noisy input minus lambda times the divergence of the dual field)
// (blind check set 101: written after calibration, never fitted on). As in CCPi: xIndex =
// blockIdx.x blockDim.x + threadIdx.x (the column, 0..N-1, contiguous), yIndex likewise the
// row (0..M-1), index = xIndex + N yIndex; where inside, val1 = R1[index - 1] (0 in column 0),
// val2 = R2[index - N] (0 in row 0), D[index] = Ad[index] - lambda (R1[index] + R2[index] -
// val1 - val2); the host's BLKXSIZE2D x BLKYSIZE2D = 16 x 16 threads on idivup(dimX, 16) x
// idivup(dimY, 16) blocks. Departures: the block the sweep's, any shape (z folded into the
// rows); the unused ImSize argument dropped; offsets in 64 bits. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// whole-number images and a dyadic lambda (the product exact, with or without contraction).
// 2-D, no shared memory: x the column, y*z the row; four 4 B loads (a warp's 128 B contiguous
// each, R1's shifted a column, R2's the row above) and a 4 B store (a warp's 128 B).
#include "common.cuh"

extern "C" __global__ void ccpi_fgp_obj2d(const float* Ad, float* D, const float* R1,
                                          const float* R2, int N, int M, float lambda) {
    const int col = ga_col();
    const int row = ga_row();
    if (col >= N || row >= M) return;
    const long long at = (long long)row * N + col;
    const float left = col > 0 ? R1[at - 1] : 0.0f;
    const float up = row > 0 ? R2[at - N] : 0.0f;
    D[at] = Ad[at] - lambda * (R1[at] + R2[at] - left - up);
}
