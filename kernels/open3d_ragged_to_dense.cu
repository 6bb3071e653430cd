// Open3D-ML's ragged-to-dense conversion, RaggedToDenseCUDAKernel<float> (isl-org/Open3D,
// cpp/open3d/ml/impl/misc/RaggedToDense.cuh, launched by RaggedToDenseCUDA in the same file
// behind Open3D-ML's ragged_to_dense op (cpp/open3d/ml/pytorch/misc/RaggedToDenseOpKernel.cu,
// listed, not read): a ragged tensor (row_splits an exclusive prefix sum) made a dense [rows,
// out_col_size, default_value_size] one, each row cut to out_col_size entries and padded with
// the default value) (blind check set 84: written after calibration, never fitted on). As in
// Open3D: i = blockDim.x blockIdx.x + threadIdx.x, a return where i + 1 >= row_splits_size;
// start = row_splits[i], end = min(out_col_size + start, row_splits[i + 1]); the values from
// start default_value_size to end default_value_size copied in order to the row's output at i
// out_col_size default_value_size, then each of the row's remaining out_col_size - (end - start)
// entries filled with the default_value_size values of default_value; the host's 128 threads
// (BLOCKSIZE) on cdiv(row_splits_size - 1, 128) blocks. Departures: the block the sweep's, any
// shape (linearized); float (one of its instantiations); the sizes as int64 scalars (size_t in
// the source). Reimplemented from the published source (its indexing, arithmetic and control
// flow; none of its text). Exact: copies. 1-D: one thread a row, a serial loop over its
// out_col_size x default_value_size values: a 4 B load and a 4 B store a step (a warp's lanes a
// row, 512 B, apart: loads from 32 random-length rows of the packed input).
#include "common.cuh"

extern "C" __global__ void open3d_ragged_to_dense(const float* values, const long long* row_splits,
                                                  long long row_splits_size,
                                                  long long out_col_size,
                                                  const float* default_value,
                                                  long long default_value_size,
                                                  float* out_values) {
    const long long i = ga_linear();
    if (i + 1 >= row_splits_size) return;
    const long long start = row_splits[i];
    const long long end = min(out_col_size + start, row_splits[i + 1]);
    float* out = out_values + i * out_col_size * default_value_size;
    for (long long k = start * default_value_size; k < end * default_value_size; ++k) {
        *out++ = values[k];
    }
    out = out_values + i * out_col_size * default_value_size + (end - start) * default_value_size;
    for (long long j = end - start; j < out_col_size; ++j) {
        for (long long k = 0; k < default_value_size; ++k) out[k] = default_value[k];
        out += default_value_size;
    }
}
