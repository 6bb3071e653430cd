// The permutation of a KeyedJaggedTensor's features, FBGEMM's permute_2D_data_kernel
// (pytorch/FBGEMM, fbgemm_gpu/src/sparse_ops/sparse_permute_2d.cu, behind
// permute_2D_sparse_data_cuda: torch.ops.fbgemm.permute_2D_sparse_data, TorchRec's
// KeyedJaggedTensor.permute before every sharded embedding lookup of a recommendation model)
// (blind check set 58: written after calibration, never fitted on). As in FBGEMM: a (feature
// t, sample b) segment b_t = t B + b a row of threads (b_t = blockIdx.x blockDim.y +
// threadIdx.y, the rows walking the segments in passes of gridDim.x blockDim.y), its threads
// the segment's entries in passes of blockDim.x: the segment's length from the output offsets
// (len - output_offsets[b_t] for the last), its source start input_offsets[permute[t] B + b],
// and per entry a 4 B index and a 4 B weight copied (has_weight); the host's 32 x 32 blocks on
// cdiv(B T, 32) blocks. Departures: the block the sweep's, any shape (x the entry, y*z the
// segment, z folded in; the segment loop stepping gridDim.x by*bz); has_weight true, offsets
// and indices int32, weights float. Reimplemented from the published source (its indexing and
// control flow; none of its text). Exact: a copy. 2-D: x the entry of a segment, y*z the
// segment.
#include "common.cuh"

extern "C" __global__ void fbgemm_permute_2d(int len, int T, int B,
                                             const int* __restrict__ indices,
                                             const float* __restrict__ weights,
                                             const int* __restrict__ permute,
                                             const int* __restrict__ input_offsets,
                                             const int* __restrict__ output_offsets,
                                             int* __restrict__ permuted_indices,
                                             float* __restrict__ permuted_weights) {
    const int rows = ga_block_rows();
    const int stride = gridDim.x * rows;
    for (int b_t = blockIdx.x * rows + ga_row_in_block(); b_t < B * T; b_t += stride) {
        const int b = b_t % B;  // the sample
        const int t = b_t / B;  // the output feature
        const int output_start = output_offsets[b_t];
        const int segment_length = (b_t == B * T - 1) ? len - output_offsets[b_t]
                                                      : output_offsets[b_t + 1] - output_offsets[b_t];
        const int input_start = input_offsets[permute[t] * B + b];
        for (int i = threadIdx.x; i < segment_length; i += blockDim.x) {
            permuted_indices[output_start + i] = indices[input_start + i];
            permuted_weights[output_start + i] = weights[input_start + i];
        }
    }
}
