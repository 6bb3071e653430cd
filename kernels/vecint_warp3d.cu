// One scaling-and-squaring step of a diffeomorphic image registration's velocity-field
// integration, voxelmorph's VecInt layer (vec = vec * 2^-nsteps, then vec = vec +
// SpatialTransformer(vec, vec) nsteps times: the field warped by itself and added), the
// warp being PyTorch's grid_sampler_3d in trilinear mode with zero padding (the trilinear
// branch of grid_sampler_3d_kernel: the eight corners around the sampling point, each
// weighted by the volume of the opposite sub-box and skipped outside the volume), here the
// first step with the scaling fused (blind check set 24: written after calibration, never
// fitted on; its sweeps go to fixtures/hopper/blind24/ once recorded). vec is the stationary
// velocity field, three float32 volumes (displacements along d, h and w, voxelmorph's
// channel order) of depth x height x width voxels, w fastest; v = scale vec. The voxel (d, h,
// w) samples v at (d + v_d, h + v_h, w + v_w) in voxel units (voxelmorph's grid + flow; its
// normalization to [-1, 1] and grid_sample's align_corners=True unnormalization cancel and
// are left out): i = floor of each coordinate, t = its fraction, corner (i_d + a, i_h + b,
// i_w + c) weighted (a ? t_d : 1 - t_d) (b ? t_h : 1 - t_h) (c ? t_w : 1 - t_w) (PyTorch's
// tnw .. bse surfaces) and counted only inside the volume; out_k = v_k + the sum over the
// corners of v_k(corner) weight, for k = d, h, w. Per thread: three 4 B loads of its own
// voxel (coalesced, one a volume), the eight weights, then for each channel eight
// data-dependent 4 B gathers around a point up to 4 voxels away (neighbouring lanes'
// corners share sectors; the planes above and below are other grid layers', L2), and three
// coalesced 4 B stores. No shared memory. float32: the test data's velocities are integers
// times scale = 2^-5, so every coordinate, weight, product and sum is a dyadic rational that
// float32 holds exactly (|v| < 4: 23 bits at most): exact. x -> w, y*z -> h, blockIdx.z ->
// d (one grid layer per plane of voxels).
#include "common.cuh"

extern "C" __global__ void vecint_warp3d(const float* __restrict__ vec, float* __restrict__ out,
                                         int depth, int height, int width, float scale) {
    const int x = ga_col();
    const int y = ga_row();
    const int z = blockIdx.z;
    if (x >= width || y >= height || z >= depth) {
        return;
    }
    const long long plane = (long long)height * width;
    const long long volume = plane * depth;
    const long long p = z * plane + (long long)y * width + x;
    const float vd = scale * vec[p];
    const float vh = scale * vec[volume + p];
    const float vw = scale * vec[2 * volume + p];
    // the sampling point in voxel coordinates, and the corner below it
    const float iz = z + vd, iy = y + vh, ix = x + vw;
    const int z0 = (int)floorf(iz), y0 = (int)floorf(iy), x0 = (int)floorf(ix);
    const float tz = iz - z0, ty = iy - y0, tx = ix - x0;
    const float wz[2] = {1.0f - tz, tz}, wy[2] = {1.0f - ty, ty}, wx[2] = {1.0f - tx, tx};
    float acc[3] = {0.0f, 0.0f, 0.0f};
#pragma unroll
    for (int a = 0; a < 2; ++a) {
        const int cz = z0 + a;
#pragma unroll
        for (int b = 0; b < 2; ++b) {
            const int cy = y0 + b;
#pragma unroll
            for (int c = 0; c < 2; ++c) {
                const int cx = x0 + c;
                if (cz >= 0 && cz < depth && cy >= 0 && cy < height && cx >= 0 && cx < width) {
                    const float weight = wx[c] * wy[b] * wz[a];
                    const long long q = cz * plane + (long long)cy * width + cx;
#pragma unroll
                    for (int k = 0; k < 3; ++k) {
                        acc[k] += scale * vec[k * volume + q] * weight;
                    }
                }
            }
        }
    }
    out[p] = vd + acc[0];
    out[volume + p] = vh + acc[1];
    out[2 * volume + p] = vw + acc[2];
}
