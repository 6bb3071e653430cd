// The pairwise L2 distances of two sets of row vectors, RAFT's naiveDistanceKernel
// (rapidsai/raft, cpp/test/distance/distance_base.cuh: the reference kernel RAFT's and
// cuML's distance tests check the tuned pairwise-distance kernels against), instantiated for
// float with isRowMajor = true and DistanceType L2SqrtUnexpanded (blind check set 29: written
// after calibration, never fitted on; its sweeps go to fixtures/hopper/blind29/ once
// recorded). x is m x k and y n x k (row-major), dist m x n; thread (midx, nidx) sums
// (x[midx][i] - y[nidx][i])^2 over the k features in order and stores the square root (the
// sqrt for L2SqrtExpanded and L2SqrtUnexpanded, RAFT's enum values 1 and 5) at midx n + nidx.
// As in RAFT, x is midx, the row of x and of dist: neighbouring lanes read words k floats
// apart (a sector each, reused over the next 7 features through L1) and store words n floats
// apart; y is nidx (a lane's y row shared by the warp's lanes of one nidx: a broadcast). Per
// thread: 2 k loads, k subtractions and FMAs, a square root, one 4 B store. No shared memory.
// float32: integer data keep the sums exact and sqrtf is correctly rounded, so the result is
// exact. x -> midx (the strided dimension), y*z -> nidx.
#include "common.cuh"

// raft::distance::DistanceType's values (distance_types.hpp)
#define RAFT_L2SqrtExpanded 1
#define RAFT_L2SqrtUnexpanded 5

extern "C" __global__ void raft_l2_naive(float* __restrict__ dist, const float* __restrict__ x,
                                         const float* __restrict__ y, int m, int n, int k,
                                         int type, int isRowMajor) {
    int midx = threadIdx.x + blockIdx.x * blockDim.x;
    int nidx = ga_row();  // threadIdx.y + blockIdx.y * blockDim.y, z folded in
    if (midx >= m || nidx >= n) return;
    float acc = float(0);
    for (int i = 0; i < k; ++i) {
        int xidx = isRowMajor ? i + midx * k : i * m + midx;
        int yidx = isRowMajor ? i + nidx * k : i * n + nidx;
        auto diff = x[xidx] - y[yidx];
        acc += diff * diff;
    }
    if (type == RAFT_L2SqrtExpanded || type == RAFT_L2SqrtUnexpanded) acc = sqrtf(acc);
    int outidx = isRowMajor ? midx * n + nidx : midx + m * nidx;
    dist[outidx] = acc;
}
