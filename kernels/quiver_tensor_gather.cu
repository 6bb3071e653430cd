// Quiver's quiver_tensor_gather (quiver-team/torch-quiver, srcs/cpp/include/quiver/
// shard_tensor.cu.hpp, launched by ShardTensor::operator[] in srcs/cpp/src/quiver/cuda/
// quiver_feature.cu: the feature collection of Quiver's GNN training, a mini-batch's node
// features gathered from a feature table sharded over several GPUs' memories) (blind check set
// 104: written after calibration, never fitted on). As in Quiver: tid = blockIdx.x blockDim.x +
// threadIdx.x and step = gridDim.x blockDim.x over the whole grid; groups of WARP_SIZE = 128
// threads (Quiver's "warp"), warp_id = tid / 128 and warp_step = step / 128, each group copying
// one row a step: for warp_start from warp_id by warp_step below indice_length, the shard found
// by find (the first i in 1..device_count-1 with indices[warp_start] < offsets[i], minus one,
// else the last shard), the row indices[warp_start] - offsets[shard] of that shard copied to
// res[warp_start], the group's threads striding over its stride floats by 128; the host's
// cudaOccupancyMaxPotentialBlockSize grid and block (1,024 threads on 2 blocks an SM for this
// light kernel: 264 blocks on an H100's 132 SMs). Departures: the block any shape (linearized);
// the array of the shards' device pointers as one table of device_count slabs of cap rows (a
// shard's allocation each: its node's row at node - offsets[shard] in its shard's slab);
// the grid the host's 264 blocks whatever the block (the occupancy grid at its own 1,024
// threads). Reimplemented from the published source (its indexing, arithmetic and control
// flow; none of its text). Exact: copies. 1-D, no shared memory, a fixed grid and a grid-stride
// loop with 128 threads a row: per row a broadcast 8 B index load and up to device_count 8 B
// offset loads (one address a group), then per thread 4 B gathers from the row (a warp's 128 B
// contiguous, rows random) and 4 B stores (a warp's 128 B contiguous).
#include "common.cuh"

#define QV_GROUP 128

__device__ __forceinline__ int qv_find(const long long* offsets, int device_count,
                                       long long index) {
    for (int i = 1; i < device_count; ++i) {
        if (index < offsets[i]) return i - 1;
    }
    return device_count - 1;
}

extern "C" __global__ void quiver_tensor_gather(const float* table, const long long* offsets,
                                                int device_count, const long long* indices,
                                                int indice_length, float* res, int stride,
                                                int cap) {
    const unsigned tid = (unsigned)ga_linear();
    const unsigned step = gridDim.x * ga_nthreads();
    const unsigned warp_step = step / QV_GROUP;
    const unsigned thread_start = tid % QV_GROUP;
    for (unsigned warp_start = tid / QV_GROUP; warp_start < (unsigned)indice_length;
         warp_start += warp_step) {
        const long long node = indices[warp_start];
        const int shard = qv_find(offsets, device_count, node);
        const float* shard_rows = table + (long long)shard * cap * stride;
        const long long src = (node - offsets[shard]) * stride;
        const long long dst = (long long)warp_start * stride;
        for (unsigned local = thread_start; local < (unsigned)stride; local += QV_GROUP) {
            res[dst + local] = shard_rows[src + local];
        }
    }
}
