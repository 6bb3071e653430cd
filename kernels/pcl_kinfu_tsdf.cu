// One depth frame fused into a truncated signed distance function (TSDF) volume, PCL's
// KinectFusion tsdf23 kernel (pcl gpu/kinfu/src/cuda/tsdf_volume.cu: integrateTsdfVolume's
// kernel, the volume integration of KinFu) (blind check set 42: written after calibration,
// never fitted on). As in PCL: one thread per (x, y) column of the voxel volume, walking the
// column's VOLUME_Z voxels along z; the voxel's centre relative to the camera v_g = (x + 0.5,
// y + 0.5, z + 0.5) cell_size - tcurr, its projection's numerators v_x = (Rcurr_inv row 0 .
// v_g) fx and v_y = (row 1 . v_g) fy and its depth v_z = row 2 . v_g, stepped along z by adding
// Rcurr_inv[.][2] cell_size.z (fx, fy) rather than recomputed; each step inv_z = 1 / (v_z +
// Rcurr_inv[2][2] z_scaled), voxels behind the camera skipped, the pixel (__float2int_rn(v_x
// inv_z + cx), __float2int_rn(v_y inv_z + cy)), and where it is inside the depth image the
// scaled depth Dp read there (a gather), sdf = Dp - |v_g|; where Dp != 0 and sdf >= -tranc_dist
// the voxel's short2 (tsdf in 1/32767 units, weight) read, tsdf = min(1, sdf / tranc_dist)
// averaged in with weight 1 (tsdf_new = (tsdf_prev weight_prev + tsdf) / (weight_prev + 1),
// weight min(weight_prev + 1, MAX_WEIGHT 128)) and packed back (__float2int_rz(tsdf_new 32767)
// clamped to +-32767). Departures: VOLUME_X, VOLUME_Y and VOLUME_Z (512 each, #defines in PCL)
// arguments; the PtrStep volume and PtrStepSz depth image dense arrays (volume.step
// VOLUME_X short2s, elem_step VOLUME_X VOLUME_Y), the volume typed as 32-bit words and read as
// short2 through a cast (the manifest's buffers are int32); the Mat33, float3 and Intr structs
// scalar arguments; the products and sums that feed a rounding to a pixel or to the 16-bit
// tsdf, the per-z steps of the loop among them, written with __fmul_rn / __fadd_rn / __fsub_rn
// (PCL writes plain a * b + c, which nvcc contracts into FMAs; with the loop's steps left plain,
// one voxel of 5.9 M came out differently on an H200 at the GPU test's size), so that the
// kernel's pixels and tsdf values are those of the NumPy reference bit for bit; PCL's 32 x 8 block any shape with z folded into the rows. Written
// from memory. x -> voxel column x, y*z -> voxel row y; each thread walks VOLUME_Z voxels.
#include "common.cuh"

#define KF_DIVISOR 32767   // Tsdf::DIVISOR (SHRT_MAX): the tsdf's fixed-point unit
#define KF_MAX_WEIGHT 128  // Tsdf::MAX_WEIGHT

__device__ __forceinline__ void kf_unpack_tsdf(short2 value, float& tsdf, int& weight) {
    weight = value.y;
    tsdf = static_cast<float>(value.x) / KF_DIVISOR;
}

__device__ __forceinline__ void kf_pack_tsdf(float tsdf, int weight, short2& value) {
    int fixedp = max(-KF_DIVISOR, min(KF_DIVISOR, __float2int_rz(__fmul_rn(tsdf, KF_DIVISOR))));
    value = make_short2(fixedp, weight);
}

extern "C" __global__ void pcl_kinfu_tsdf(const float* depthScaled, int* volume_words,
                                          int depth_cols, int depth_rows, int vol_x, int vol_y,
                                          int vol_z, float tranc_dist, float r00, float r01,
                                          float r02, float r10, float r11, float r12, float r20,
                                          float r21, float r22, float t_x, float t_y, float t_z,
                                          float fx, float fy, float cx, float cy, float cell_x,
                                          float cell_y, float cell_z) {
    int x = ga_col();
    int y = ga_row();

    if (x >= vol_x || y >= vol_y) return;

    float v_g_x = __fsub_rn(__fmul_rn(x + 0.5f, cell_x), t_x);
    float v_g_y = __fsub_rn(__fmul_rn(y + 0.5f, cell_y), t_y);
    float v_g_z = __fsub_rn(__fmul_rn(0 + 0.5f, cell_z), t_z);

    float v_g_part_norm = __fadd_rn(__fmul_rn(v_g_x, v_g_x), __fmul_rn(v_g_y, v_g_y));

    float v_x = __fmul_rn(
        __fadd_rn(__fadd_rn(__fmul_rn(r00, v_g_x), __fmul_rn(r01, v_g_y)), __fmul_rn(r02, v_g_z)),
        fx);
    float v_y = __fmul_rn(
        __fadd_rn(__fadd_rn(__fmul_rn(r10, v_g_x), __fmul_rn(r11, v_g_y)), __fmul_rn(r12, v_g_z)),
        fy);
    float v_z =
        __fadd_rn(__fadd_rn(__fmul_rn(r20, v_g_x), __fmul_rn(r21, v_g_y)), __fmul_rn(r22, v_g_z));

    float z_scaled = 0;

    float Rcurr_inv_0_z_scaled = __fmul_rn(__fmul_rn(r02, cell_z), fx);
    float Rcurr_inv_1_z_scaled = __fmul_rn(__fmul_rn(r12, cell_z), fy);

    float tranc_dist_inv = 1.0f / tranc_dist;

    short2* pos = reinterpret_cast<short2*>(volume_words) + (long long)y * vol_x + x;
    int elem_step = vol_x * vol_y;

    for (int z = 0; z < vol_z; ++z, v_g_z = __fadd_rn(v_g_z, cell_z),
             z_scaled = __fadd_rn(z_scaled, cell_z), v_x = __fadd_rn(v_x, Rcurr_inv_0_z_scaled),
             v_y = __fadd_rn(v_y, Rcurr_inv_1_z_scaled), pos += elem_step) {
        float inv_z = 1.0f / __fadd_rn(v_z, __fmul_rn(r22, z_scaled));
        if (inv_z < 0) continue;

        // project to current cam
        int2 coo = make_int2(__float2int_rn(__fadd_rn(__fmul_rn(v_x, inv_z), cx)),
                             __float2int_rn(__fadd_rn(__fmul_rn(v_y, inv_z), cy)));

        if (coo.x >= 0 && coo.y >= 0 && coo.x < depth_cols && coo.y < depth_rows) {
            float Dp_scaled = depthScaled[coo.y * depth_cols + coo.x];  // meters

            float sdf = __fsub_rn(Dp_scaled,
                                  sqrtf(__fadd_rn(__fmul_rn(v_g_z, v_g_z), v_g_part_norm)));

            if (Dp_scaled != 0 && sdf >= -tranc_dist) {  // meters
                float tsdf = fmin(1.0f, __fmul_rn(sdf, tranc_dist_inv));

                // read and unpack
                float tsdf_prev;
                int weight_prev;
                kf_unpack_tsdf(*pos, tsdf_prev, weight_prev);

                const int Wrk = 1;

                float tsdf_new =
                    __fadd_rn(__fmul_rn(tsdf_prev, weight_prev), Wrk * tsdf) / (weight_prev + Wrk);
                int weight_new = min(weight_prev + Wrk, KF_MAX_WEIGHT);

                kf_pack_tsdf(tsdf_new, weight_new, *pos);
            }
        }
    }
}
