// Isaac ROS FoundationPose's erode_depth_kernel (NVIDIA-ISAAC-ROS/isaac_ros_pose_estimation,
// isaac_ros_gxf_extensions/gxf_isaac_foundationpose/gxf/foundationpose/foundationpose_sampling.cu,
// launched by erode_depth in the same file: the clean-up of the camera's depth image before
// FoundationPose's pose hypotheses are sampled, each pixel zeroed where it is invalid or where
// too many of its neighbours are invalid or too far from it in depth) (blind check set 108:
// written after calibration, never fitted on). As in Isaac ROS: h from y, w from x; threads
// past the image return; d_ori = depth[h W + w], zeroed where d_ori < 0.1 or d_ori >= zfar;
// else over the window columns u from w - radius to w + radius (outer) and rows v from h -
// radius to h + radius (inner) inside the image, total += 1 and bad_cnt += 1 where the
// neighbour is < 0.1, >= zfar or |neighbour - d_ori| > depth_diff_thres; out = 0 where
// bad_cnt / total > ratio_thres, else d_ori; the host's 16 x 16 threads on cdiv(W, 16) x
// cdiv(H, 16) blocks. Departures: the block any shape (x the column, y*z the row, z folded
// in). Reimplemented from the published source (its indexing, arithmetic and control flow;
// none of its text). Exact: whole-number depths; the ratio is one correctly rounded float32
// division of two small whole numbers, compared as the source compares it. 2-D, no shared
// memory: x the contiguous column; per window tap a 4 B load (a warp's run of a row, the
// taps a row's W * 4 B apart), one 4 B store.
#include "common.cuh"

extern "C" __global__ void isaac_erode_depth(const float* depth, float* out, int H, int W,
                                             int radius, float depth_diff_thres,
                                             float ratio_thres, float zfar) {
    const int h = ga_row();
    const int w = ga_col();
    if (w >= W || h >= H) return;
    const long long at = (long long)h * W + w;
    const float d_ori = depth[at];
    if (d_ori < 0.1f || d_ori >= zfar) {
        out[at] = 0.0f;
        return;
    }
    float bad_cnt = 0.0f;
    float total = 0.0f;
    for (int u = w - radius; u <= w + radius; ++u) {
        if (u < 0 || u >= W) continue;
        for (int v = h - radius; v <= h + radius; ++v) {
            if (v < 0 || v >= H) continue;
            const float cur = depth[(long long)v * W + u];
            total += 1.0f;
            if (cur < 0.1f || cur >= zfar || fabsf(cur - d_ori) > depth_diff_thres) {
                bad_cnt += 1.0f;
            }
        }
    }
    out[at] = (bad_cnt / total > ratio_thres) ? 0.0f : d_ori;
}
