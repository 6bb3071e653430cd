// The normalization step of a layer norm, out[r][c] = (x[r][c] - mean[r]) * rstd[r] *
// gamma[c] + beta[c] (blind check set 7: kept out of every fit; its sweeps go to
// fixtures/hopper/blind7/ once recorded): each row is a token, the per-row mean and inverse
// standard deviation come from an earlier statistics pass, gamma and beta are the layer's
// per-column weights. Per thread: one contiguous load and store of the matrix element, two
// per-row loads (every thread of a row reads the same address) and two per-column loads
// (contiguous along x, the same for every row, so they stay in L1/L2). Integer inputs keep
// the results exact. x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void layernorm_apply(const float* __restrict__ x,
                                           const float* __restrict__ mean,
                                           const float* __restrict__ rstd,
                                           const float* __restrict__ gamma,
                                           const float* __restrict__ beta,
                                           float* __restrict__ out, int rows, int cols) {
    const int c = ga_col();
    const int r = ga_row();
    if (r < rows && c < cols) {
        const size_t p = (size_t)r * cols + c;
        const float normed = (x[p] - mean[r]) * rstd[r];
        out[p] = normed * gamma[c] + beta[c];
    }
}
