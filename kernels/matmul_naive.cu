// Naive matrix multiplication C = A x B (Torres et al., 000 §V, 001 §V.A.6): one thread per
// element of C computes the dot product of a row of A and a column of B. Threads of a warp
// take consecutive columns (x), so B and C accesses are coalesced and A is broadcast; A's row
// is reused by the threads of a block row and B's column by the threads of a block column,
// through the L1/L2 caches. A is M x K, B is K x N, C is M x N, row-major.
#include "common.cuh"

extern "C" __global__ void matmul_naive(const float* __restrict__ A,
                                        const float* __restrict__ B, float* __restrict__ C,
                                        int M, int N, int K) {
    const int col = ga_col();
    const int row = ga_row();
    if (row < M && col < N) {
        float acc = 0.0f;
        for (int k = 0; k < K; ++k) {
            acc += A[(size_t)row * K + k] * B[(size_t)k * N + col];
        }
        C[(size_t)row * N + col] = acc;
    }
}
