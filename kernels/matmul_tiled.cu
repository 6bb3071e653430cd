// Shared-memory tiled matrix multiplication C = A x B ("iterative block products", Torres et
// al. 000 §V / 001 §V.A.6; Boehm's kernel 3): the tile of C is the block itself,
// by' = blockDim.y * blockDim.z rows by bx = blockDim.x columns, one element per thread. Each
// step stages a by' x T slice of A and a T x bx slice of B in dynamic shared memory, with
// T = min(bx, by'), so square blocks give the classic T x T tiles and any rectangular block
// works. Dynamic shared memory: 4 * (by' + bx) * T bytes. Every thread takes part in the
// loads and barriers, also those outside C.
#include "common.cuh"

extern "C" __global__ void matmul_tiled(const float* __restrict__ A,
                                        const float* __restrict__ B, float* __restrict__ C,
                                        int M, int N, int K) {
    extern __shared__ float smem[];
    const int bx = blockDim.x;
    const int by = ga_block_rows();
    const int T = min(bx, by);
    float* As = smem;           // by x T
    float* Bs = smem + by * T;  // T x bx
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();
    const int tid = ty * bx + tx;
    const int nthreads = bx * by;
    const int row0 = blockIdx.y * by;
    const int col0 = blockIdx.x * bx;

    float acc = 0.0f;
    for (int k0 = 0; k0 < K; k0 += T) {
        for (int e = tid; e < by * T; e += nthreads) {
            const int r = row0 + e / T;
            const int c = k0 + e % T;
            As[e] = (r < M && c < K) ? A[(size_t)r * K + c] : 0.0f;
        }
        for (int e = tid; e < T * bx; e += nthreads) {
            const int r = k0 + e / bx;
            const int c = col0 + e % bx;
            Bs[e] = (r < K && c < N) ? B[(size_t)r * N + c] : 0.0f;
        }
        __syncthreads();
        for (int k = 0; k < T; ++k) {
            acc += As[ty * T + k] * Bs[k * bx + tx];
        }
        __syncthreads();
    }
    const int row = row0 + ty;
    const int col = col0 + tx;
    if (row < M && col < N) {
        C[(size_t)row * N + col] = acc;
    }
}
