// The in-house matrix product of a tensor contraction, ExaTENSOR's gpu_matrix_multiply_tn__
// (ORNL-QCI/ExaTENSOR, TALSH/tensor_algebra_gpu_nvidia.cu, behind gpu_tensor_block_contract_dlf
// in the same file when cuBLAS is disabled (NO_BLAS or DISABLE_BLAS): TAL-SH's
// talshTensorContract on an NVIDIA GPU, every tensor contraction reduced to arg0 += arg1^T
// arg2 after the operands are permuted) (blind check set 69: written after calibration, never
// fitted on). As in ExaTENSOR: arg0(0:ll-1, 0:lr-1) += alpha arg1(0:lc-1, 0:ll-1)^T
// arg2(0:lc-1, 0:lr-1) (every matrix column-major), i = threadIdx.x and j = threadIdx.y;
// grid-stride loops over column panels (_col_base from blockIdx.y DIMY in steps of gridDim.y
// DIMY) and row panels (_row_base from blockIdx.x DIMX in steps of gridDim.x DIMX); per step k
// of DIMX contraction indices (m = lc - k in the last) the threads with i < m stage buf1[l +
// j][i] = alpha arg1[(_row_base + l + j) lc + k + i] for l = 0, DIMY, ... below DIMX (the
// rows' panel) and buf2[j][i] = arg2[(_col_base + j) lc + k + i] (the columns' panel), a
// barrier, _val = sum over l < m of buf1[i][l] buf2[j][l], arg0[(_col_base + j) ll + _row_base
// + i] += _val inside the matrix (a read-modify-write every step), a barrier; the host's
// DIMX x DIMY = 32 x 16 blocks on (1 + (ll - 1) / 32) x (1 + (lr - 1) / 16) blocks cut to at
// most MAX_CUDA_BLOCKS = 1024 by limit_cuda_blocks2d (both sides scaled by the square root of
// the excess). Departures: the block the sweep's, any shape (x the row, y*z the column, z
// folded in: DIMX = bx, DIMY = by*bz), the tiles T = min(bx, 2 by*bz) deep in dynamic shared
// memory (buf1 bx x T, buf2 by*bz x T, rows padded by one float as in ExaTENSOR; both of the
// source's shapes, 32 x 16 and the old 16 x 16, give its tiles), buf1's rows l + j kept below
// bx (DIMX need not be a multiple of DIMY), the grid capped at 32 x 32 blocks (1024, as the
// host's cap, without its square-root balancing), the blockDim check and its error counter
// dropped, size_t sizes long long. Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: whole-number matrices and alpha =
// 0.5 (every product a multiple of 0.5, every sum far below 2^23, in any order, contracted or
// not). 2-D: x the row of arg0, y*z its column.
#include "common.cuh"

extern "C" __global__ void exatensor_matmul_tn(long long ll, long long lr, long long lc,
                                               const float* __restrict__ arg1,
                                               const float* __restrict__ arg2,
                                               float* __restrict__ arg0, float alpha) {
    extern __shared__ float bufs[];
    const int dimx = blockDim.x;
    const int dimy = ga_block_rows();
    const int T = min(dimx, 2 * dimy);
    const int P = T + 1;
    float* buf1 = bufs;             // dimx rows of P
    float* buf2 = bufs + dimx * P;  // dimy rows of P
    const int i = threadIdx.x;
    const int j = ga_row_in_block();

    if (lc > 0 && ll > 0 && lr > 0) {
        float val = 0.0f;
        for (long long col_base = (long long)blockIdx.y * dimy; col_base < lr;
             col_base += (long long)gridDim.y * dimy) {
            for (long long row_base = (long long)blockIdx.x * dimx; row_base < ll;
                 row_base += (long long)gridDim.x * dimx) {
                for (long long k = 0; k < lc; k += T) {
                    const long long col = col_base + j;
                    long long row = row_base + j;
                    const int m = (k + T > lc) ? (int)(lc - k) : T;
                    if (i < m) {
                        for (int l = 0; l + j < dimx; l += dimy) {
                            if (row < ll) {
                                buf1[(l + j) * P + i] = arg1[row * lc + (k + i)] * alpha;
                            }
                            row += dimy;
                        }
                        if (col < lr) {
                            buf2[j * P + i] = arg2[col * lc + (k + i)];
                        }
                    }
                    __syncthreads();
                    row = row_base + i;
                    if (col < lr && row < ll) {
                        for (int l = 0; l < m; l++) {
                            val += buf1[i * P + l] * buf2[j * P + l];
                        }
                        arg0[col * ll + row] += val;
                        val = 0.0f;
                    }
                    __syncthreads();
                }
            }
        }
    }
}
