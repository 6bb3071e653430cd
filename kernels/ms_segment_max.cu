// MindSpore's UnsortedSegmentMax (mindspore-ai/mindspore, mindspore/ccsrc/plugin/device/gpu/
// kernel/cuda_impl/cuda_ops/unsorted_segment_max.cu, behind CalUnsortedSegmentMax in the same
// file: UnsortedSegmentMaxGpuKernelMod, ops.UnsortedSegmentMax on the GPU, e.g. a graph
// network's max readout of its nodes' features per graph) (blind check set 72: written after
// calibration, never fitted on). As in MindSpore: one warp an output value, a grid-stride loop
// over KWARPSIZE num_segments inner_size threads (segment_id = t / 32 / inner_size, inner_id =
// t / 32 % inner_size), each lane scanning the rows i = lane, lane + 32, ... below outer_size,
// a row whose segment_ids[i] is the segment compared into its running maximum (from the
// type's lowest value), __syncwarp, a __shfl_down_sync tree (offsets 16 .. 1) keeping the
// larger, lane 0 storing output[segment_id inner_size + inner_id]; the host's GET_THREADS =
// maxThreadsPerBlock (1024) threads on GET_BLOCKS = min(cdiv(32 num_segments inner_size,
// 1024), multiProcessorCount) blocks. Departures: the block the sweep's, any shape
// (linearized; cdiv(threads, 32) warps a block, the last one's lanes scanning in steps of
// their number and its tree taking only their values, the grid-stride loop over the warps);
// the grid min(cdiv(items, warps a block), 132: the H200's SMs, the manifest's CAP); the
// loop's __syncthreads dropped (it orders nothing: no shared memory, and warps leaving the
// loop early would skip it). Reimplemented from the published source (its indexing, arithmetic
// and control flow; none of its text). Exact: maxima of whole numbers. 1-D: one warp an
// output value, looping over a capped grid.
#include "common.cuh"

#define MS_WARP 32

extern "C" __global__ void ms_segment_max(const float* __restrict__ input,
                                          const int* __restrict__ segment_ids,
                                          int num_segments, int outer_size, int inner_size,
                                          float* __restrict__ output) {
    const int tid = (int)ga_tid();
    const int threads = (int)ga_nthreads();
    const int warps = (threads + MS_WARP - 1) / MS_WARP;
    const int lane_id = tid % MS_WARP;
    const int warp = tid / MS_WARP;
    const int lanes = min(MS_WARP, threads - warp * MS_WARP);
    const unsigned mask = lanes == MS_WARP ? 0xffffffffu : (1u << lanes) - 1;
    const long long items = (long long)num_segments * inner_size;
    for (long long w = (long long)blockIdx.x * warps + warp; w < items;
         w += (long long)gridDim.x * warps) {
        const long long segment_id = w / inner_size;
        const long long inner_id = w % inner_size;
        float thread_k = -3.40282347e+38f;  // std::numeric_limits<float>::lowest()
        for (long long i = lane_id; i < outer_size; i += lanes) {
            if (segment_ids[i] != segment_id) continue;
            const float other_k = input[i * inner_size + inner_id];
            if (thread_k < other_k) thread_k = other_k;
        }
        __syncwarp(mask);
        for (int offset = MS_WARP / 2; offset > 0; offset /= 2) {
            const float other_k = __shfl_down_sync(mask, thread_k, offset);
            if (lane_id + offset < lanes && thread_k < other_k) thread_k = other_k;
        }
        __syncwarp(mask);
        if (lane_id == 0) output[segment_id * inner_size + inner_id] = thread_k;
    }
}
