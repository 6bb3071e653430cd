// cuRobo's backward_position_clique_loop_backward_difference_kernel2<float> (NVlabs/curobo,
// src/curobo/curobolib/cpp/tensor_step_kernel.cu, launched by backward_step_position_clique2 in
// the same file with mode BWD_DIFF behind the backward of cuRobo's position-clique tensor step:
// the gradient of a batch of joint-space trajectories' positions from the gradients of the
// positions, velocities, accelerations and jerks that cuRobo's trajectory optimizer derives by
// backward differences) (blind check set 102: written after calibration, never fitted on). As
// in cuRobo: tid = blockDim.x blockIdx.x + threadIdx.x below batch dof horizon, h = tid mod
// horizon, d = (tid / horizon) mod dof, b = tid / (dof horizon), the thread of h = 0 leaving;
// dt = traj_dt[0] (cuRobo's inverse time step); g_pos = grad_position at (b, h, d); the velocity,
// acceleration and jerk gradients at steps h .. h + 3 (fewer at the horizon's end: 3 at horizon
// - 3, 2 at horizon - 2, 1 at horizon - 1, the rest 0); out = g_pos + (v0 - v1) dt + (a0 - 2 a1
// + a2) dt dt + (j0 - 3 j1 + 3 j2 - j3) dt dt dt stored at (b, h - 1, d); the host's min(batch
// dof horizon, 128) threads on cdiv(batch dof horizon, threads) blocks. Departures: the block
// any shape (linearized); float only; 64-bit offsets. Reimplemented from the published source
// (its indexing, arithmetic and control flow; none of its text). Exact: whole-number gradients
// and a whole-number inverse time step keep every product and sum far below 2^24. 1-D, no
// shared memory, x NOT the contiguous dimension: consecutive threads are consecutive time steps
// of one joint, dof * 4 B apart (a warp's 32 lanes over 28-B strides, a horizon's run shared
// with the next joint through L1); per thread up to 13 4 B loads (four steps of three gradient
// arrays and the position gradient) and a 4 B store at the previous step.
#include "common.cuh"

extern "C" __global__ void curobo_bwd_diff_grad(float* out_grad_position,
                                                const float* grad_position,
                                                const float* grad_velocity,
                                                const float* grad_acceleration,
                                                const float* grad_jerk, const float* traj_dt,
                                                int batch_size, int horizon, int dof) {
    const long long tid = ga_linear();
    if (tid >= (long long)batch_size * dof * horizon) return;
    const int h = (int)(tid % horizon);
    const int d = (int)((tid / horizon) % dof);
    const long long b = tid / ((long long)dof * horizon);
    const long long base = b * horizon * dof;
    if (h == 0) return;
    const float dt = traj_dt[0];
    float gv[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    float ga[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    float gj[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    const float gp = grad_position[base + (long long)h * dof + d];
    // the steps h .. h + 3 that lie inside the horizon
    const int steps = horizon - h < 4 ? horizon - h : 4;
    for (int s = 0; s < steps; ++s) {
        const long long at = base + (long long)(h + s) * dof + d;
        gv[s] = grad_velocity[at];
        ga[s] = grad_acceleration[at];
        gj[s] = grad_jerk[at];
    }
    const float out = gp + (gv[0] - gv[1]) * dt + (ga[0] - 2 * ga[1] + ga[2]) * dt * dt +
                      (gj[0] - 3 * gj[1] + 3 * gj[2] - gj[3]) * dt * dt * dt;
    out_grad_position[base + (long long)(h - 1) * dof + d] = out;
}
