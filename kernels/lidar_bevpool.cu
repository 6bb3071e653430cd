// CUDA-BEVFusion's camera BEV pooling, bevpool_half_pack10_kernel (NVIDIA-AI-IOT/Lidar_AI_Solution,
// CUDA-BEVFusion/src/bevfusion/camera-bevpool.cu, launched by BEVPoolImplement::forward in the same
// file behind BEVFusion's camera branch (src/bevfusion/bevfusion.cpp: after the camera backbone's
// features and depth distribution, each BEV cell's frustum points pooled into the 80-channel camera
// BEV feature map that the fuser and TransFusion head then use) (blind check set 77: written after
// calibration, never fitted on). As in CUDA-BEVFusion: interval_index = blockIdx.y blockDim.y +
// threadIdx.y, the thread's 10 channels from feature_block = threadIdx.x 10, outside the intervals
// a return, for each frustum point i of the interval: indice = indices[i], camera_index = indice /
// (ndepth farea), fm_inner_index = indice % farea, the point's depth weight depth_weights[indice],
// its 10 features from (camera_index farea + fm_inner_index) nchannel + feature_block,
// accumulate[j] = fma(feature j, depth weight, accumulate[j]); then output_bevfeat[cell +
// (feature_block + j) out_h out_w] = accumulate[j]; the host's C / 10 x 1024 / (C / 10) threads (8
// x 128) on 1 x cdiv(n_intervals, 128) blocks. Departures: the block the sweep's, any shape (x the
// channel tile, now over the grid's x and guarded below nchannel / 10; y*z the interval, z folded
// in); half values as float32 (the manifest's buffers), the 20 B packed half load as 10 4 B loads;
// the int3 intervals (start, end, BEV cell) as row pointers (interval i from interval_ptr[i] to
// interval_ptr[i + 1]) and the cell the interval's index (the manifest's inits cannot make distinct
// cells; every cell one interval); the uint32 indices read as int, as in the source. Reimplemented
// from the published source (its indexing, arithmetic and control flow; none of its text). Exact:
// whole-number features and depth weights (every product and sum a small integer, fused or not).
// 2-D: x -> 10 channels (a warp's x lanes 40 B apart in the gathered feature row, the stores out_h
// out_w 4 B apart: x not the output's contiguous axis), y*z -> interval (a BEV cell, the stores
// contiguous along y).
#include "common.cuh"

constexpr int BEV_TILE = 10;  // channels a thread (tile_size)

extern "C" __global__ void lidar_bevpool(const float* camera_feature, const float* depth_weights,
                                         unsigned nchannel, const int* interval_ptr,
                                         unsigned n_intervals, const unsigned* indices,
                                         unsigned out_h, unsigned out_w, unsigned ndepth,
                                         unsigned farea, float* output_bevfeat) {
    const int interval_index = ga_row();
    const int tile = ga_col();
    if (interval_index >= (int)n_intervals || tile >= (int)(nchannel / BEV_TILE)) return;
    const int feature_block = tile * BEV_TILE;
    const int first = interval_ptr[interval_index];
    const int last = interval_ptr[interval_index + 1];
    float accumulate[BEV_TILE];
#pragma unroll
    for (int j = 0; j < BEV_TILE; j++) accumulate[j] = 0.0f;
    for (int i = first; i < last; i++) {
        const int indice = indices[i];
        const int camera_index = indice / (ndepth * farea);
        const int fm_inner_index = indice % farea;
        const float depth_weight = depth_weights[indice];
        const unsigned feature_offset =
            (camera_index * farea + fm_inner_index) * nchannel + feature_block;
#pragma unroll
        for (int j = 0; j < BEV_TILE; j++) {
            accumulate[j] = fmaf(camera_feature[feature_offset + j], depth_weight, accumulate[j]);
        }
    }
    const unsigned cell = interval_index;  // the interval's BEV cell
#pragma unroll
    for (int j = 0; j < BEV_TILE; j++) {
        output_bevfeat[cell + (feature_block + j) * out_h * out_w] = accumulate[j];
    }
}
