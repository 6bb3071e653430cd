// The scatter of LBANN's gather layer, scatter2d_kernel (LLNL/lbann,
// src/layers/transform/gather.cu, behind gather_layer<..., El::Device::GPU>::bp_compute in the
// same file: the backward pass of the Gather layer, each sample's output gradient added into
// its input gradient at the gathered positions) (blind check set 73: written after
// calibration, never fitted on). As in LBANN: gidx = threadIdx.x + blockIdx.x blockDim.x,
// gidy = threadIdx.y + blockIdx.y blockDim.y, two grid-stride loops (the sample j over
// values_dims[0] in steps of the grid's rows, the entry i over values_dims[1] in steps of its
// columns), ind = (Int) floor(indices[j indices_strides[0] + i indices_strides[1]]) and,
// inside 0 <= ind < output_dims[1], atomic_add(&output[j output_strides[0] + ind
// output_strides[1]], values[j values_strides[0] + i values_strides[1]]); the host's 64 x 1
// threads on cdiv(output_size, 64) x mini-batch blocks. Departures: the block the sweep's,
// any shape (x the entry, y*z the sample, z folded in); the Dim2 strides as the leading
// dimensions (the second stride 1, as LBANN passes it); the gradient's starting values the
// manifest's (LBANN zeroes it first). Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: whole numbers, every atomic sum an
// integer far below 2^24, in any order. 2-D: x -> entry i of a sample, y*z -> sample j.
#include "common.cuh"

extern "C" __global__ void lbann_scatter2d(const float* __restrict__ indices, int indices_ld,
                                           const float* __restrict__ values, int values_rows,
                                           int values_cols, int values_ld,
                                           float* __restrict__ output, int output_cols,
                                           int output_ld) {
    const long long gidx = ga_col();
    const long long gidy = ga_row();
    const long long nthreadsx = (long long)gridDim.x * blockDim.x;
    const long long nthreadsy = (long long)gridDim.y * ga_block_rows();
    for (long long j = gidy; j < values_rows; j += nthreadsy) {
        for (long long i = gidx; i < values_cols; i += nthreadsx) {
            const long long ind = (long long)floorf(indices[j * indices_ld + i]);
            if (0 <= ind && ind < output_cols) {
                atomicAdd(&output[j * output_ld + ind], values[j * values_ld + i]);
            }
        }
    }
}
