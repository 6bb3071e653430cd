// Boehm's kernel 5 (003 part 1, "2D Blocktiling"): each thread computes a TM x TN = 8 x 8
// sub-tile of C from BK = 8-deep slices of A and B staged in shared memory, with register
// caches for the row and column operands. The work per thread is fixed; the block shape sets
// the block tile:
//   BN = bx * TN columns, BM = (by * bz) * TM rows  (the worklog's BM = BN = 128 is 16 x 16).
// Dynamic shared memory: 4 * BK * (BM + BN) bytes. grid = (ceil(N / BN), ceil(M / BM)).
// All loads and stores are bounds-checked (zero-filled).
#include "common.cuh"

#define TM 8
#define TN 8
#define BK 8

extern "C" __global__ void sgemm_blocktiling_2d(int M, int N, int K, float alpha,
                                                const float* __restrict__ A,
                                                const float* __restrict__ B, float beta,
                                                float* __restrict__ C) {
    extern __shared__ float smem[];
    const int BN = blockDim.x * TN;
    const int BM = ga_block_rows() * TM;
    float* As = smem;            // BM x BK
    float* Bs = smem + BM * BK;  // BK x BN
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();
    const int tid = ga_tid();
    const int nthreads = ga_nthreads();
    const int row0 = blockIdx.y * BM;
    const int col0 = blockIdx.x * BN;

    float acc[TM * TN];
#pragma unroll
    for (int i = 0; i < TM * TN; ++i) acc[i] = 0.0f;
    float regM[TM];
    float regN[TN];

    for (int k0 = 0; k0 < K; k0 += BK) {
        for (int e = tid; e < BM * BK; e += nthreads) {
            const int r = row0 + e / BK;
            const int c = k0 + e % BK;
            As[e] = (r < M && c < K) ? A[(size_t)r * K + c] : 0.0f;
        }
        for (int e = tid; e < BK * BN; e += nthreads) {
            const int r = k0 + e / BN;
            const int c = col0 + e % BN;
            Bs[e] = (r < K && c < N) ? B[(size_t)r * N + c] : 0.0f;
        }
        __syncthreads();
#pragma unroll
        for (int dot = 0; dot < BK; ++dot) {
#pragma unroll
            for (int i = 0; i < TM; ++i) regM[i] = As[(ty * TM + i) * BK + dot];
#pragma unroll
            for (int j = 0; j < TN; ++j) regN[j] = Bs[dot * BN + tx * TN + j];
#pragma unroll
            for (int i = 0; i < TM; ++i) {
#pragma unroll
                for (int j = 0; j < TN; ++j) {
                    acc[i * TN + j] += regM[i] * regN[j];
                }
            }
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < TM; ++i) {
        const int row = row0 + ty * TM + i;
#pragma unroll
        for (int j = 0; j < TN; ++j) {
            const int col = col0 + tx * TN + j;
            if (row < M && col < N) {
                const size_t o = (size_t)row * N + col;
                C[o] = alpha * acc[i * TN + j] + beta * C[o];
            }
        }
    }
}
