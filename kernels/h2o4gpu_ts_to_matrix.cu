// H2O4GPU's ARIMA lag matrix, ts_data_to_matrix_kernel<float> (h2oai/h2o4gpu,
// src/gpu/arima/arima.cu, launched by ARIMAModel<T>::AsMatrix in the same file, which the
// ARIMA fit calls to lay a time series' lagged windows side by side as the columns of the
// least-squares design matrix it solves with cuSOLVER) (blind check set 81: written after
// calibration, never fitted on). As in H2O4GPU: i = blockIdx.x blockDim.x + threadIdx.x the
// row (a time step) and j = blockIdx.y blockDim.y + threadIdx.y the column (a lag); where i < n
// and i < ldx, X[j ldx + i] = data[j + i]; the host's BLOCK_SIZE x 1 threads (32 x 1) on
// DIVUP(n, 32) x depth blocks, n = length - depth + 1. Departures: the block the sweep's, any
// shape (x -> i, y*z -> j, z folded in), with a test j < depth added (the source's grid has
// exactly depth rows of one thread); float (one of the two instantiations); the offsets in 64
// bits. Reimplemented from the published source (its indexing, arithmetic and control flow;
// none of its text). Exact: copies. 2-D: x -> i (a 4 B load and a 4 B store, a warp's 128 B
// contiguous each), y*z -> j (the lag: the same window one value on, a column ldx values on).
#include "common.cuh"

extern "C" __global__ void h2o4gpu_ts_to_matrix(const float* data, float* X, int ldx, int n,
                                                int depth) {
    const int i = ga_col();  // the row of X: a time step
    const int j = ga_row();  // the column of X: a lag
    if (j >= depth) return;
    if (i < n && i < ldx) X[(long long)j * ldx + i] = data[(long long)j + i];
}
