// All-pairs n-body accelerations, one thread per body, no shared-memory tiling (blind check
// set: kept out of every fit, see fixtures/hopper/blind/README.md). Every thread of a warp
// reads the same body j at the same time (a broadcast, served by L1), so the kernel is
// compute-bound; with N bodies the grid is only N / threads blocks, so large blocks leave SMs
// idle. 1-D: the block is linearized. pos is N x 4 (x, y, z, unused); acc is N x 4.
#include "common.cuh"

extern "C" __global__ void nbody(const float* __restrict__ pos_xyzw, float* __restrict__ acc_xyzw,
                                 int n, float softening) {
    const float4* pos = reinterpret_cast<const float4*>(pos_xyzw);  // 16-byte loads
    float4* acc = reinterpret_cast<float4*>(acc_xyzw);
    const long long i = ga_linear();
    if (i >= n) {
        return;
    }
    const float4 p = pos[i];
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
    for (int j = 0; j < n; ++j) {
        const float4 q = pos[j];
        const float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
        const float d2 = dx * dx + dy * dy + dz * dz + softening;
        const float inv = rsqrtf(d2);
        const float s = inv * inv * inv;
        ax += dx * s;
        ay += dy * s;
        az += dz * s;
    }
    acc[i] = make_float4(ax, ay, az, 0.0f);
}
