// PointGroup's roipool_fp_cuda_ (dvlab-research/PointGroup,
// lib/pointgroup_ops/src/roipool/roipool.cu, launched by roipool_fp_cuda in the same file
// behind pointgroup_ops.roipool: the max pooling of the score network's per-point features
// over each instance proposal (a cluster of points) into one feature vector a proposal, with
// the argmax kept for the backward pass) (blind check set 94: written after calibration, never
// fitted on). As in PointGroup: a grid-stride loop over the proposals from blockIdx.x in steps
// of gridDim.x, each proposal's points start .. end from proposals_offset, the block's threads
// striding over the C channels, and for each channel a scan of the proposal's points in order
// keeping the first strictly greater value (max_val from -1e50, i.e. -inf in float; argmax -1
// for an empty proposal), then output_feats[p][c] = max_val and output_maxidx[p][c] = argmax;
// the host's min(C, 32) threads on min(nProposal, 32768) blocks (one proposal a block).
// Departures: the block the sweep's, any shape (linearized: the channels strided by the
// block's thread count); 64-bit offsets. Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: comparisons and copies.
// 1-D, no shared memory, a per-block work split (one block a proposal, its threads sharing out
// the channels): each thread two 4 B offset loads (the block's one address each), then a loop
// over the proposal's points of 4 B feature loads C * 4 B apart (a warp's lanes on consecutive
// channels: C * 4 B contiguous), then a 4 B value and a 4 B index store.
#include "common.cuh"

extern "C" __global__ void pgroup_roipool_fp(int nProposal, int C, const float* feats,
                                             const int* proposals_offset, float* output_feats,
                                             int* output_maxidx) {
    const int nt = (int)ga_nthreads();
    for (long long p = blockIdx.x; p < nProposal; p += gridDim.x) {
        const int start = proposals_offset[p];
        const int end = proposals_offset[p + 1];
        for (int c = (int)ga_tid(); c < C; c += nt) {
            int best_i = -1;
            float best = (float)-1e50;
            for (int i = start; i < end; i++) {
                const float v = feats[(long long)i * C + c];
                if (v > best) {
                    best_i = i;
                    best = v;
                }
            }
            output_maxidx[p * C + c] = best_i;
            output_feats[p * C + c] = best;
        }
    }
}
