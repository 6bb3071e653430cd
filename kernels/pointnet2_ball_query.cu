// Ball query of point-cloud set abstraction, the ball_query_kernel_fast of
// sshaoshuai/Pointnet2.PyTorch (pointnet2/src/ball_query_gpu.cu; the same kernel in OpenPCDet's
// pcdet/ops/pointnet2/pointnet2_batch, PointRCNN's backbone) (blind check set 46: written after
// calibration, never fitted on). As in Pointnet2.PyTorch: grid DIVUP(m, THREADS_PER_BLOCK) x b,
// bs_idx the grid's y and pt_idx from x; a thread past m or b returns; the pointers offset to
// the batch's clouds and the query's row of idx; radius2 = radius^2; each of the n points k in
// order, d2 the squared distance to the query's centre, and where d2 < radius2: the first hit
// fills all nsample slots with k, then idx[cnt] = k, ++cnt, and the loop breaks once cnt
// reaches nsample (a query with no point within the radius leaves its row untouched).
// Departures: THREADS_PER_BLOCK (256) the block's threads, any shape (the block linearized).
// Written from memory. Integer coordinates and radius: every difference, square and sum
// exact, the comparison exact. 1-D: the block is linearized; grid y -> batch.
#include "common.cuh"

extern "C" __global__ void pointnet2_ball_query(int b, int n, int m, float radius, int nsample,
                                                const float* __restrict__ new_xyz,
                                                const float* __restrict__ xyz,
                                                int* __restrict__ idx) {
    // new_xyz: (B, M, 3)
    // xyz: (B, N, 3)
    // output:
    //      idx: (B, M, nsample)
    int bs_idx = blockIdx.y;
    int pt_idx = blockIdx.x * (int)ga_nthreads() + (int)ga_tid();
    if (bs_idx >= b || pt_idx >= m) return;

    new_xyz += bs_idx * m * 3 + pt_idx * 3;
    xyz += bs_idx * n * 3;
    idx += bs_idx * m * nsample + pt_idx * nsample;

    float radius2 = radius * radius;
    float new_x = new_xyz[0];
    float new_y = new_xyz[1];
    float new_z = new_xyz[2];

    int cnt = 0;
    for (int k = 0; k < n; ++k) {
        float x = xyz[k * 3 + 0];
        float y = xyz[k * 3 + 1];
        float z = xyz[k * 3 + 2];
        float d2 = (new_x - x) * (new_x - x) + (new_y - y) * (new_y - y) +
                   (new_z - z) * (new_z - z);
        if (d2 < radius2) {
            if (cnt == 0) {
                for (int l = 0; l < nsample; ++l) {
                    idx[l] = k;
                }
            }
            idx[cnt] = k;
            ++cnt;
            if (cnt >= nsample) break;
        }
    }
}
