// Symmetric rank-K update C = alpha * A * A^T + beta * C with threadIdx.x walking the ROWS of
// C (issue 11 calibration set). Calibrates the "x is the strided dimension" pattern: thread
// (i, j) with i from x and j from y*z reads row i of A (a warp's x threads read rows K
// elements apart: strided) and row j of A (the same for every x thread: a broadcast), and
// reads and writes C[i][j], which is contiguous along y and N elements apart along x. Narrow
// blocks (few x threads, many y threads) coalesce the C accesses and share A's rows in L1.
// A is N x K, C is N x N, row-major.
#include "common.cuh"

extern "C" __global__ void syrk_strided(const float* __restrict__ A, float* __restrict__ C,
                                        int N, int K, float alpha, float beta) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;  // x -> row of C
    const int j = ga_row();                                // y*z -> column of C
    if (i < N && j < N) {
        float acc = 0.0f;
        for (int k = 0; k < K; ++k) {
            acc += A[(size_t)i * K + k] * A[(size_t)j * K + k];
        }
        const size_t c = (size_t)i * N + j;
        C[c] = alpha * acc + beta * C[c];
    }
}
