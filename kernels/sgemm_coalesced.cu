// Boehm's kernel 2 (003 part 1, "Global Memory Coalescing"): the block's threads are
// linearized (t = threadIdx.x + bx * (threadIdx.y + by * threadIdx.z)) and thread t computes
// C[tile_row + t / 32][tile_col + t % 32], so the 32 threads of a warp take 32 consecutive
// columns whatever the block's shape: only the thread count T = bx*by*bz matters.
// A block covers a tile of ceil(T / 32) rows x 32 columns (blockIdx.x: row tiles,
// blockIdx.y: column tiles, as in the worklog); threads loop over the tile when T is not a
// multiple of 32 (T < 32: each thread computes several columns).
// grid = (ceil(M / ceil(T / 32)), ceil(N / 32)).
#include "common.cuh"

#define TILE_W 32

extern "C" __global__ void sgemm_coalesced(int M, int N, int K, float alpha,
                                           const float* __restrict__ A,
                                           const float* __restrict__ B, float beta,
                                           float* __restrict__ C) {
    const int T = ga_nthreads();
    const int tile_h = (T + TILE_W - 1) / TILE_W;
    const int row0 = blockIdx.x * tile_h;
    const int col0 = blockIdx.y * TILE_W;
    for (int e = ga_tid(); e < tile_h * TILE_W; e += T) {
        const int x = row0 + e / TILE_W;
        const int y = col0 + e % TILE_W;
        if (x < M && y < N) {
            float tmp = 0.0f;
            for (int i = 0; i < K; ++i) {
                tmp += A[(size_t)x * K + i] * B[(size_t)i * N + y];
            }
            C[(size_t)x * N + y] = alpha * tmp + beta * C[(size_t)x * N + y];
        }
    }
}
