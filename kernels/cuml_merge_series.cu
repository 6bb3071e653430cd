// cuML's auto-ARIMA sub-batch merge, merge_series_kernel<double> (rapidsai/cuml,
// cpp/src/tsa/auto_arima.cuh, launched by merge_series in the same file: cuML's AutoARIMA
// fits the sub-batches of series its tests and model selection split apart, then merges their
// forecasts back into one batch in the original series order) (blind check set 83: written
// after calibration, never fitted on). As in cuML: one block a series blockIdx.x, its source
// b_in = d_in[d_id_to_sub[blockIdx.x]] + n_obs d_id_to_pos[blockIdx.x] (its sub-batch and its
// position there), its destination d_out + n_obs blockIdx.x, then b_out[i] = b_in[i] for i
// from threadIdx.x in steps of blockDim.x below n_obs; the host's min(64, n_obs) threads on
// batch_size blocks. Departures: the block the sweep's, any shape (linearized: i in steps of
// all the block's threads); the device array of sub-batch pointers as one buffer of
// sub-batches sub_stride values apart (the pointer d_in[s] as d_in + s sub_stride); the
// offsets in 64 bits. Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: copies. 1-D: one block a series of n_obs doubles,
// the block looping over it (8 B loads and stores, a warp's 256 B contiguous), the source row
// gathered (a random sub-batch and position).
#include "common.cuh"

extern "C" __global__ void cuml_merge_series(const double* d_in, long long sub_stride,
                                             const int* d_id_to_pos, const int* d_id_to_sub,
                                             double* d_out, int n_obs) {
    const double* b_in = d_in + (long long)d_id_to_sub[blockIdx.x] * sub_stride +
                         (long long)n_obs * d_id_to_pos[blockIdx.x];
    double* b_out = d_out + (long long)n_obs * blockIdx.x;
    const int nthreads = (int)ga_nthreads();
    for (int i = (int)ga_tid(); i < n_obs; i += nthreads) {
        b_out[i] = b_in[i];
    }
}
