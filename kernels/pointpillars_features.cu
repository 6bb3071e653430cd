// CUDA-PointPillars' pillar feature generation, generateFeatures_kernel (NVIDIA-AI-IOT/
// CUDA-PointPillars, src/pointpillar/lidar-voxelization.cu, launched by generateFeatures_launch
// in the same file behind VoxelizationImplement::forward: each non-empty pillar's 32 point
// slots (x, y, z, intensity) widened to the 10 PointNet input features, the points' offsets
// from their pillar's mean and from its centre, before the pillar feature net) (blind check set
// 83: written after calibration, never fitted on). As in CUDA-PointPillars: a warp a pillar,
// pillar_idx = blockIdx.x WARPS_PER_BLOCK + threadIdx.x / 32 and point_idx = threadIdx.x % 32;
// the block's first WARPS_PER_BLOCK threads stage each pillar's point count, its 16 B index
// (0, 0, y, x) and a zero sum in shared memory, each thread its float4 point; a barrier;
// shared atomicAdds of the valid points' x, y and z into their pillar's sum; a barrier; mean =
// sum / count, the point minus the mean, the point minus its pillar's centre (voxel / 2 + index
// voxel + range_min per axis), the 10 values (or zeros past the count) into a shared [pillar]
// [point][10] tile; a barrier; then for i = 0..9 features[pillar_idx 320 + i 32 + point_idx] =
// the tile's flat slot pillar 320 + i 32 + point_idx (the [point][10] tile copied as it lies:
// the features end up point-major, 10 a point); the host's WARPS_PER_BLOCK x 32 =
// 128 threads on cdiv(max_voxels, 4) blocks. Departures: the block the sweep's, any shape
// (linearized: a group of 32 threads a pillar, cdiv(threads, 32) pillars a block, a partial
// last group looping over its pillar's 32 point slots in steps of its lanes: at whole warps
// one slot a thread as in the source; the tiles one dynamic allocation of 1,828 B a group);
// the source's early return of the warps past num_pillars (before its barriers) kept as a
// flag, and the block's staging loads only below num_pillars (the source reads the buffers'
// ends there, unused). Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: whole-number points (sums exact in
// any order, one correctly rounded division and subtraction each), dyadic voxel sizes and
// ranges. 1-D, shared memory: a warp a pillar (512 B of float4 points contiguous), the pillar's
// 1,280 B tile stored flat (10 stores of 128 B a warp).
#include "common.cuh"

#define PP_POINTS 32
#define PP_FEATURES 10

// CUDA's uint4 (16 B aligned: one 16 B load), the pillar's index (0, 0, y, x).
struct alignas(16) pp_uint4 {
    unsigned int x, y, z, w;
};

extern "C" __global__ void pointpillars_features(const float* voxel_features,
                                                 const unsigned int* voxel_num,
                                                 const unsigned int* voxel_idxs,
                                                 const unsigned int* params, float voxel_x,
                                                 float voxel_y, float voxel_z, float range_min_x,
                                                 float range_min_y, float range_min_z,
                                                 float* features) {
    extern __shared__ float4 pp_smem[];
    const int tid = (int)ga_tid();
    const int nthreads = (int)ga_nthreads();
    const int warps = (nthreads + PP_POINTS - 1) / PP_POINTS;
    const int in_block = tid / PP_POINTS;
    const int lane = tid % PP_POINTS;
    const int lanes = min(PP_POINTS, nthreads - in_block * PP_POINTS);  // a partial last group
    const int pillar_idx = blockIdx.x * warps + in_block;
    const unsigned int num_pillars = params[0];
    float4* pillar_sm = pp_smem;                                  // [warps][32] points
    float4* sum_sm = pillar_sm + warps * PP_POINTS;               // [warps] sums
    pp_uint4* idx_sm = reinterpret_cast<pp_uint4*>(sum_sm + warps);  // [warps] indices
    float* out_sm = reinterpret_cast<float*>(idx_sm + warps);     // [warps][32][10]
    int* num_sm = reinterpret_cast<int*>(out_sm + warps * PP_POINTS * PP_FEATURES);
    const bool active = (unsigned int)pillar_idx < num_pillars;
    for (int w = tid; w < warps; w += nthreads) {
        if ((unsigned int)(blockIdx.x * warps + w) < num_pillars) {
            num_sm[w] = (int)voxel_num[blockIdx.x * warps + w];
            idx_sm[w] = reinterpret_cast<const pp_uint4*>(voxel_idxs)[blockIdx.x * warps + w];
            sum_sm[w] = make_float4(0.f, 0.f, 0.f, 0.f);
        }
    }
    if (active) {
        for (int point_idx = lane; point_idx < PP_POINTS; point_idx += lanes) {
            pillar_sm[in_block * PP_POINTS + point_idx] = reinterpret_cast<const float4*>(
                voxel_features)[(long long)pillar_idx * PP_POINTS + point_idx];
        }
    }
    __syncthreads();
    if (active) {
        for (int point_idx = lane; point_idx < num_sm[in_block]; point_idx += lanes) {
            const float4 p = pillar_sm[in_block * PP_POINTS + point_idx];
            atomicAdd(&sum_sm[in_block].x, p.x);
            atomicAdd(&sum_sm[in_block].y, p.y);
            atomicAdd(&sum_sm[in_block].z, p.z);
        }
    }
    __syncthreads();
    if (active) {
        const float valid = (float)num_sm[in_block];
        const float4 s = sum_sm[in_block];
        const pp_uint4 at = idx_sm[in_block];
        const float x_offset = voxel_x / 2 + (float)at.w * voxel_x + range_min_x;
        const float y_offset = voxel_y / 2 + (float)at.z * voxel_y + range_min_y;
        const float z_offset = voxel_z / 2 + (float)at.y * voxel_z + range_min_z;
        for (int point_idx = lane; point_idx < PP_POINTS; point_idx += lanes) {
            const float4 p = pillar_sm[in_block * PP_POINTS + point_idx];
            float* slot = out_sm + (in_block * PP_POINTS + point_idx) * PP_FEATURES;
            if (point_idx < num_sm[in_block]) {
                slot[0] = p.x;
                slot[1] = p.y;
                slot[2] = p.z;
                slot[3] = p.w;
                slot[4] = p.x - s.x / valid;
                slot[5] = p.y - s.y / valid;
                slot[6] = p.z - s.z / valid;
                slot[7] = p.x - x_offset;
                slot[8] = p.y - y_offset;
                slot[9] = p.z - z_offset;
            } else {
                for (int f = 0; f < PP_FEATURES; f++) slot[f] = 0.f;
            }
        }
    }
    __syncthreads();
    if (active) {
        for (int point_idx = lane; point_idx < PP_POINTS; point_idx += lanes) {
            for (int i = 0; i < PP_FEATURES; i++) {
                const int sm_at = in_block * PP_POINTS * PP_FEATURES + i * PP_POINTS + point_idx;
                features[(long long)pillar_idx * PP_POINTS * PP_FEATURES + i * PP_POINTS +
                         point_idx] = out_sm[sm_at];
            }
        }
    }
}
