// Gunrock's markSegmentFromKeys (gunrock/gunrock, gunrock/util/mark_segment.cuh, included by
// Gunrock's MST enactor (gunrock/app/mst/mst_enactor.cuh; its launches not read): the head
// flags of the segments of a sorted key array, e.g. the runs of edges sharing a source vertex
// in Boruvka's minimum spanning tree, for the segmented reductions that follow) (blind check
// set 90: written after calibration, never fitted on). As in Gunrock: idx from blockIdx.x
// blockDim.x + threadIdx.x + 1 below length in steps of gridDim.x blockDim.x, flag[idx] = 1
// where vid[idx] differs from vid[idx - 1], else 0 (flag[0] never written). Departures: the
// block the sweep's, any shape (linearized); a grid covering length (the loop kept, run once);
// the offsets in 64 bits. Reimplemented from the published source (its indexing, arithmetic
// and control flow; none of its text). Exact: integer comparisons. 1-D, no shared memory: one
// thread a key, two 4 B loads one value apart (a warp's 128 B contiguous each, overlapping
// but one) and a 4 B store (a warp's 128 B contiguous), all shifted by one element.
#include "common.cuh"

extern "C" __global__ void gunrock_mark_segment(int* flag, const int* vid, int length) {
    const long long stride = (long long)gridDim.x * ga_nthreads();
    for (long long idx = ga_linear() + 1; idx < length; idx += stride) {
        flag[idx] = (vid[idx] != vid[idx - 1]) ? 1 : 0;
    }
}
