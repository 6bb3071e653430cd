// The vertex map of a depth frame, KinectFusionLib's kernel_compute_vertex_map (chrdiller/
// KinectFusionLib, src/cuda/surface_measurement.cu, behind compute_vertex_map in
// surface_measurement: every pyramid level of every frame KinectFusion fuses) (blind check set
// 55: written after calibration, never fitted on). As in KinectFusionLib: one thread a pixel
// (x, y) of the depth map (floats in millimetres), depth beyond depth_cutoff read as 0, the
// vertex ((x - principal_x) depth / focal_x, (y - principal_y) depth / focal_y, depth) stored
// as a float3 (12 B) in the vertex map; the host's 32 x 32 blocks on cdiv(cols, 32) x
// cdiv(rows, 32). Departures: the block the sweep's, any shape (x the column, y*z the row, z
// folded in); OpenCV's PtrStepSz<float> and PtrStep<float3> as pointers to contiguous rows of
// cols elements (the vertex map passed as the manifest's 4 B words and cast) and
// CameraParameters as four floats; focal lengths powers of two (1,024,
// where a RealSense's are about 900: exact quotients). Written from memory. Exact: whole-
// number depths and half-integer principal points (every product exact, the quotient a
// division by a power of two). 2-D: x the column, y*z the row.
#include "common.cuh"

extern "C" __global__ void kfl_vertex_map(const float* depth_map, float* vertex_words, int cols,
                                          int rows, float depth_cutoff, float focal_x,
                                          float focal_y, float principal_x,
                                          float principal_y) {
    float3* vertex_map = reinterpret_cast<float3*>(vertex_words);
    const int x = ga_col();
    const int y = ga_row();

    if (x >= cols || y >= rows) return;

    float depth_value = depth_map[y * cols + x];
    if (depth_value > depth_cutoff) depth_value = 0.f;  // Depth cutoff

    const float vx = (x - principal_x) * depth_value / focal_x;
    const float vy = (y - principal_y) * depth_value / focal_y;
    const float vz = depth_value;

    vertex_map[y * cols + x] = make_float3(vx, vy, vz);
}
