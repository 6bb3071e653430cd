// BundleSDF's sample_rays_uniform_occupied_voxels_kernel<float> (NVlabs/FoundationPose,
// src/pose_estimation/bundlesdf/mycuda/common.cu, the BundleSDF CUDA extension FoundationPose
// vendors, launched by sampleRaysUniformOccupiedVoxels in the same file: each ray's uniform
// sample distances, measured along the occupied stretches only, mapped to depths on the ray
// by walking its list of (enter, exit) depths through the occupied octree voxels) (blind
// check set 108: written after calibration, never fitted on). As in BundleSDF: i_ray from x,
// i_sample from y, threads past either extent return; z_remain = z_sampled[i_ray][i_sample];
// a ray whose first entry depth is 0 stores nothing; walking i_box from 0: past max_n_box, the
// last exit depth where z_remain <= eps; at an entry depth of 0 (the list's end), the previous
// exit where z_remain <= eps and i_box >= 1; else box_len = exit - enter, z_vals = enter +
// z_remain where z_remain <= box_len, or z_remain -= box_len and the next box; eps = 1e-4; the
// host's 32 x 32 threads on cdiv(N_rays, 32) x cdiv(N_samples, 32) blocks. Departures: the
// block any shape (x the ray, y*z the sample, z folded in); the two error branches (the
// source prints the ray's list and spins forever) end the thread without a store; float only
// (double also dispatched); the packed accessors as contiguous arrays with 64-bit offsets.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: whole-number depths, their differences and sums far below 2^24. 2-D, no
// shared memory, x NOT the contiguous dimension: a warp's lanes are rays, N_samples * 4 B
// apart in z_sampled and z_vals and max_n_box * 8 B apart in z_in_out; per box two 4 B loads
// (a warp's 32 rays' boxes), a data-dependent walk, one 4 B load and at most one 4 B store.
#include "common.cuh"

extern "C" __global__ void bundlesdf_sample_rays(const float* z_sampled, const float* z_in_out,
                                                 float* z_vals, int n_rays, int n_samples,
                                                 int max_n_box) {
    const int i_ray = ga_col();
    const int i_sample = ga_row();
    if (i_ray >= n_rays) return;
    if (i_sample >= n_samples) return;
    const long long at = (long long)i_ray * n_samples + i_sample;
    const float* boxes = z_in_out + (long long)i_ray * max_n_box * 2;  // [max_n_box][2]
    const float eps = 1e-4f;
    float z_remain = z_sampled[at];
    if (boxes[0] == 0.0f) return;
    int i_box = 0;
    while (true) {
        if (i_box >= max_n_box) {
            if (z_remain <= eps) z_vals[at] = boxes[(max_n_box - 1) * 2 + 1];
            return;  // else the source's error branch (it prints and spins)
        }
        if (boxes[i_box * 2] == 0.0f) {
            if (z_remain <= eps && i_box >= 1) z_vals[at] = boxes[(i_box - 1) * 2 + 1];
            return;  // else the source's error branch
        }
        const float box_len = boxes[i_box * 2 + 1] - boxes[i_box * 2];
        if (z_remain <= box_len) {
            z_vals[at] = boxes[i_box * 2] + z_remain;
            return;
        }
        z_remain -= box_len;
        ++i_box;
    }
}
