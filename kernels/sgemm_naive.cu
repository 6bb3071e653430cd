// Boehm's kernel 1 (003 part 1, "Naive Implementation"): SGEMM C = alpha*A*B + beta*C with
// one thread per element of C, but the row of C comes from x and the column from y, so the
// threads of a warp walk down a column of C: A's loads are strided by K (not coalesced)
// unless the block is one column wide. Row = blockIdx.x * bx + threadIdx.x,
// column = blockIdx.y * (by * bz) + row-in-block; grid = (ceil(M / bx), ceil(N / (by*bz))).
#include "common.cuh"

extern "C" __global__ void sgemm_naive(int M, int N, int K, float alpha,
                                       const float* __restrict__ A,
                                       const float* __restrict__ B, float beta,
                                       float* __restrict__ C) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;    // row of C
    const int y = blockIdx.y * ga_block_rows() + ga_row_in_block();  // column of C
    if (x < M && y < N) {
        float tmp = 0.0f;
        for (int i = 0; i < K; ++i) {
            tmp += A[(size_t)x * K + i] * B[(size_t)i * N + y];
        }
        C[(size_t)x * N + y] = alpha * tmp + beta * C[(size_t)x * N + y];
    }
}
