// Rigid-body integration step of a game physics engine (the integrateTransforms stage of
// Bullet's and PhysX's solvers, after the constraint solver): semi-implicit Euler on an
// array of 64 B body records kept 16-byte aligned for vector loads, as engines lay them out
// (blind check set 16: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind16/ once recorded). A body is four float4: (position, inverse
// mass), the orientation quaternion (x, y, z, w), (linear velocity, linear damping) and
// (angular velocity, angular damping). Static bodies (inverse mass 0) are left alone; the
// others get v = (v + g dt) max(0, 1 - linear damping dt), w = w max(0, 1 - angular damping
// dt) (PhysX's damping), x += v dt and q += (dt / 2) (0, w) q, renormalized by rsqrtf (the
// first-order quaternion update every engine uses), in place. One body per thread: four
// 16 B loads of its record (a warp's load touches 32 records 64 B apart: 2 KiB, every byte
// used), about 40 multiply-adds, an rsqrtf and four 16 B stores (the damping and inverse
// mass words stored back unchanged). float32: within the manifest's tolerance of the
// reference's float64 (rsqrtf is approximate). Repeated timing launches keep integrating;
// the check runs once from the initial state. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void rigid_body_step(float* __restrict__ bodies, long long n, float gx,
                                           float gy, float gz, float dt) {
    const long long i = ga_linear();
    if (i >= n) {
        return;
    }
    float4* body = reinterpret_cast<float4*>(bodies) + 4 * i;
    const float4 pos = body[0];  // x, y, z, inverse mass
    if (pos.w == 0.0f) {
        return;  // static
    }
    const float4 q = body[1];    // quaternion x, y, z, w
    const float4 lin = body[2];  // linear velocity, linear damping
    const float4 ang = body[3];  // angular velocity, angular damping
    const float lin_keep = fmaxf(0.0f, 1.0f - lin.w * dt);
    const float ang_keep = fmaxf(0.0f, 1.0f - ang.w * dt);
    const float vx = (lin.x + gx * dt) * lin_keep;
    const float vy = (lin.y + gy * dt) * lin_keep;
    const float vz = (lin.z + gz * dt) * lin_keep;
    const float wx = ang.x * ang_keep;
    const float wy = ang.y * ang_keep;
    const float wz = ang.z * ang_keep;
    const float h = 0.5f * dt;  // q' = q + h (0, w) q
    const float qx = q.x + h * (wx * q.w + wy * q.z - wz * q.y);
    const float qy = q.y + h * (wy * q.w + wz * q.x - wx * q.z);
    const float qz = q.z + h * (wz * q.w + wx * q.y - wy * q.x);
    const float qw = q.w - h * (wx * q.x + wy * q.y + wz * q.z);
    const float inv_len = rsqrtf(qx * qx + qy * qy + qz * qz + qw * qw);
    body[0] = make_float4(pos.x + vx * dt, pos.y + vy * dt, pos.z + vz * dt, pos.w);
    body[1] = make_float4(qx * inv_len, qy * inv_len, qz * inv_len, qw * inv_len);
    body[2] = make_float4(vx, vy, vz, lin.w);
    body[3] = make_float4(wx, wy, wz, ang.w);
}
