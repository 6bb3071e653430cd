// A binarized layer's product, BinaryNet's xnor_gemm (MatthieuCourbariaux/BinaryNet,
// Run-time/binary_kernels.cu, launched by gemm() in Run-time/binary_kernels.py, whose XNOR
// benchmark packs two 8,192 x 8,192 +1/-1 matrices 32 to a word (concatenate_rows_kernel,
// concatenate_cols_kernel) and multiplies them; the same kernel is in Run-time/binary_gemm.cu:
// the run-time of a BinaryNet layer, its dot products counted by XNOR and popcount) (blind
// check set 71: written after calibration, never fitted on). As in BinaryNet: C's row from y
// and column from x, one output a thread; per step the block stages a panel of A's packed
// rows and a panel of B's packed columns in shared memory (one word each per thread), a
// barrier, Cvalue += popc(~(As[row][j] ^ Bs[j][col])) over the panel's words, a barrier; C[row,
// col] = 2 Cvalue - 32 n inside the matrix; the host's 16 x 16 blocks (BLOCK_SIZE) on
// (k / 16 + 1) x (m / 16 + 1) blocks, asserting n % 16 == 0. Departures: the block the
// sweep's, any shape (x the column, y*z the row, z folded in): the output tile the block (bx
// columns x by*bz rows), the panel depth T = min(bx, by*bz) words (BinaryNet's square
// BLOCK_SIZE tile when the block is square), 4 (by*bz + bx) T bytes of dynamic shared memory;
// the panels' loads guarded (zeros past the matrix, where BinaryNet's edge blocks read past m
// and k) and a last partial panel counted (any n). Reimplemented from the published source
// (its indexing, arithmetic and control flow; none of its text). Exact: integer counts, the
// float result a whole number far below 2^24. 2-D: x -> column of C, y*z -> row.
#include "common.cuh"

extern "C" __global__ void binarynet_xnor_gemm(const unsigned* __restrict__ A,
                                               const unsigned* __restrict__ B,
                                               float* __restrict__ C, int m, int n, int k) {
    extern __shared__ unsigned panels[];
    const int tile_cols = blockDim.x;
    const int tile_rows = ga_block_rows();
    const int depth = min(tile_cols, tile_rows);
    unsigned* As = panels;                      // tile_rows x depth
    unsigned* Bs = panels + tile_rows * depth;  // depth x tile_cols
    const int r = ga_row_in_block();
    const int c = threadIdx.x;
    const int row = ga_row();
    const int col = ga_col();

    unsigned cvalue = 0;
    for (int kb = 0; kb < n; kb += depth) {
        if (c < depth) {
            As[r * depth + c] =
                (row < m && kb + c < n) ? A[(long long)row * n + kb + c] : 0u;
        }
        if (r < depth) {
            Bs[r * tile_cols + c] =
                (col < k && kb + r < n) ? B[(long long)(kb + r) * k + col] : 0u;
        }
        __syncthreads();
        const int words = min(depth, n - kb);
        for (int j = 0; j < words; ++j) {
            cvalue += __popc(~(As[r * depth + j] ^ Bs[j * tile_cols + c]));
        }
        __syncthreads();
    }
    if (row < m && col < k) {
        C[(long long)row * k + col] = 2.0f * (float)cvalue - 32.0f * (float)n;
    }
}
