// OpenCV's NeedleMapVertexKernel (opencv/opencv_contrib, modules/cudalegacy/src/cuda/
// needle_map.cu, launched by CreateOpticalFlowNeedleMap_gpu in the same file with dim3(16)
// blocks on ceil(cols / 16) x rows blocks, behind cv::cuda::createOpticalFlowNeedleMap in
// modules/cudalegacy/src/needle_map.cpp: an optical flow field drawn as needles, one arrow of
// six vertices a 16 x 16 cell from the cell's averaged flow) (blind check set 121: written
// after calibration, never fitted on). As in OpenCV: x = blockIdx.x blockDim.x + threadIdx.x,
// y = blockIdx.y blockDim.y + threadIdx.y, only x < cols and y < rows; the arrow's foot
// (16 x + 8, 16 y + 8); theta = atan2f(v, u), r = sqrtf(v v + u u) scaled to
// min(14 r / max_flow, 14); vertices foot (z 1), foot + min(r, 2.5) at theta - pi/2 (z 0.7),
// the tip foot + r (cos, sin) theta twice (z 0.7), foot + min(r, 2.5) at theta + pi/2 (z 0.7),
// foot (z 1); each vertex (x xscale, y yscale, z) into vertex_data at 18 (y cols + x), and the
// hue (theta - pi) / pi 180 into the first float of each vertex's colour triple. Departures:
// the block any shape (x the column; y*z the row, z folded in); u_avg and v_avg dense (the
// source's PtrStepSzf pitched rows); the six vertices written as they are formed (the source
// fills a float3 array first). Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Not exact: atan2f, sqrtf, cosf and sinf
// (the manifest's tolerance). 2-D, no shared memory: per thread two 4 B loads (a warp's 128 B
// contiguous each), five transcendental calls, 18 4 B stores to vertex_data and six to
// color_data (a warp's 2,304 B contiguous, the colours every third float of it).
#include "common.cuh"

extern "C" __global__ void ocv_needle_map_vertex(const float* u_avg, const float* v_avg,
                                                 int cols, int rows, float* vertex_data,
                                                 float* color_data, float max_flow,
                                                 float xscale, float yscale) {
    const int x = ga_col();
    const int y = ga_row();
    const float pi = 3.14159265f;
    const float foot_x = x * 16 + 16 / 2.0f;
    const float foot_y = y * 16 + 16 / 2.0f;
    if (x >= cols || y >= rows) return;
    const float u = u_avg[(long long)y * cols + x];
    const float v = v_avg[(long long)y * cols + x];
    const float theta = atan2f(v, u);
    float r = sqrtf(v * v + u * u);
    r = fminf(14.0f * (r / max_flow), 14.0f);
    const float tip_x = foot_x + r * cosf(theta);
    const float tip_y = foot_y + r * sinf(theta);
    const float barb = fminf(r, 2.5f);
    const float px[6] = {foot_x, foot_x + barb * cosf(theta - pi / 2.0f), tip_x, tip_x,
                         foot_x + barb * cosf(theta + pi / 2.0f), foot_x};
    const float py[6] = {foot_y, foot_y + barb * sinf(theta - pi / 2.0f), tip_y, tip_y,
                         foot_y + barb * sinf(theta + pi / 2.0f), foot_y};
    const float pz[6] = {1.0f, 0.7f, 0.7f, 0.7f, 0.7f, 1.0f};
    const float hue = (theta - pi) / pi * 180.0f;
    int at = (y * cols + x) * 6 * 3;
#pragma unroll
    for (int k = 0; k < 6; ++k) {
        color_data[at] = hue;
        vertex_data[at++] = px[k] * xscale;
        vertex_data[at++] = py[k] * yscale;
        vertex_data[at++] = pz[k];
    }
}
