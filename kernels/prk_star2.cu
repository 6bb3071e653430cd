// The stencil kernel of the Parallel Research Kernels, PRK's CUDA star2 (ParRes/Kernels,
// Cxx11/stencil_cuda.cu with the star stencil of radius 2 its generator writes (stencil.h's
// star2): the PRK "Stencil" benchmark's update, out += the weighted star of in) (blind check
// set 53: written after calibration, never fitted on). As in PRK: i = blockIdx.x blockDim.x +
// threadIdx.x and j = blockIdx.y blockDim.y + threadIdx.y, the element in[i n + j] (x the row:
// a warp's lanes n elements apart), points with 2 <= i, j < n - 2 updated, out[i n + j] +=
// the 8 points of the star of radius 2 weighted by 1 / (2 r R) (+-1/4 at distance 1, +-1/8 at
// 2; negative below and left, positive above and right), in PRK's generated order; the host's
// tile_size x tile_size (32 x 32) threads on divceil(n, tile_size)^2 blocks. Departures: the
// block the sweep's, any shape (y*z the column j, z folded in) on cdiv(n, bx) x cdiv(n,
// by*bz); prk_float double (PRK's default). Written from memory. Exact (whole-number inputs
// and outputs, weights powers of two: every product and sum exact in float64).
#include "common.cuh"

typedef double prk_float;

extern "C" __global__ void prk_star2(const int n, const prk_float* in, prk_float* out) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int j = ga_row();
    if ((2 <= i) && (i < n - 2) && (2 <= j) && (j < n - 2)) {
        out[i * n + j] += +in[(i + 0) * n + (j - 2)] * -0.125
                          + in[(i + 0) * n + (j - 1)] * -0.25
                          + in[(i - 2) * n + (j + 0)] * -0.125
                          + in[(i - 1) * n + (j + 0)] * -0.25
                          + in[(i + 1) * n + (j + 0)] * 0.25
                          + in[(i + 2) * n + (j + 0)] * 0.125
                          + in[(i + 0) * n + (j + 1)] * 0.25
                          + in[(i + 0) * n + (j + 2)] * 0.125;
    }
}
