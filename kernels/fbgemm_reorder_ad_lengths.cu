// The reordering of a batch's ad lengths from request-major to feature-major, FBGEMM's
// reorder_batched_ad_lengths_kernel (pytorch/FBGEMM, fbgemm_gpu/src/sparse_ops/
// sparse_reorder_batched_ad.cu, behind reorder_batched_ad_lengths_gpu: the request-to-ad
// expansion of an ads-ranking inference batch, [B][T][#ads of b] to [T][B][#ads of b]) (blind
// check set 58: written after calibration, never fitted on). As in FBGEMM: a (feature t,
// request b) segment b_t = t B + b a row of threads (b_t = blockIdx.x blockDim.y +
// threadIdx.y, warp per segment), idle when t >= T; the request's ads num_ads_b =
// batch_offsets[b + 1] - batch_offsets[b] copied in passes of blockDim.x from T
// batch_offsets[b] + t num_ads_b to t num_ads_in_batch + batch_offsets[b] (broadcast_lengths 0:
// one 4 B load and store an ad); the host's 32 x 32 blocks on cdiv(B T, 32) blocks.
// Departures: the block the sweep's, any shape (x the ad, y*z the segment, z folded in); B
// passed (the accessor's batch_offsets.size(0) - 1), the bool an int, Dtype int32.
// Reimplemented from the published source (its indexing and control flow; none of its text).
// Exact: a copy. 2-D: x the ad of a segment, y*z the segment.
#include "common.cuh"

extern "C" __global__ void fbgemm_reorder_ad_lengths(const int* __restrict__ cat_ad_lengths,
                                                     const int* __restrict__ batch_offsets,
                                                     int* __restrict__ reordered_cat_ad_lengths,
                                                     int T, int B, int broadcast_lengths) {
    const int num_ads_in_batch = batch_offsets[B];
    const int b_t = blockIdx.x * ga_block_rows() + ga_row_in_block();  // warp per segment
    const int b = b_t % B;
    const int t = b_t / B;
    if (t >= T) return;
    const int num_ads_b = batch_offsets[b + 1] - batch_offsets[b];
    const int input_segment_start =
        broadcast_lengths ? T * b + t : T * batch_offsets[b] + t * num_ads_b;
    const int output_segment_start = t * num_ads_in_batch + batch_offsets[b];
    for (int i = threadIdx.x; i < num_ads_b; i += blockDim.x) {
        reordered_cat_ad_lengths[output_segment_start + i] =
            broadcast_lengths ? cat_ad_lengths[input_segment_start]
                              : cat_ad_lengths[input_segment_start + i];
    }
}
