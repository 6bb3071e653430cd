// xFormers' matmul_with_sparse_mask_kernel<float> (facebookresearch/xformers,
// xformers/components/attention/csrc/cuda/matmul.cu, launched by matmul_with_sparse_mask in the
// same file, registered as the SparseCUDA implementation of the xformers::matmul_with_mask op:
// the product a b sampled at the nonzeros of a sparse COO mask, the masked attention scores
// Q K^T of xFormers' sparse attention, one dot product a nonzero) (blind check set 97: written
// after calibration, never fitted on). As in xFormers: a grid-stride loop (CUDA_1D_KERNEL_LOOP) over the nnz nonzeros,
// (i1, i2, i3) = the mask's (batch, row, column) of the nonzero i, r = the sum over k < K of
// a[i1][i2][k] bt[i1][i3][k], k in order, bt the transposed view of b (b[i1][k][i3], N floats
// apart), output[i] = r; the host's 512 threads on min(cdiv(nnz, 512), 4096) blocks.
// Departures: the block the sweep's, any shape (linearized, the loop striding by the grid's
// threads); the mask's 3 x nnz int64 index tensor as three index buffers (the manifest draws
// one range a buffer), its nonzeros in random order (coalesce() sorts them); the accessors'
// strides written out (a [B, M, K] and b [B, K, N] contiguous); float only. Reimplemented from
// the published source (its indexing, arithmetic and control flow; none of its text). Exact:
// whole-number operands, sums far below 2^24. 1-D, no shared memory: each thread three 8 B
// index loads (a warp's 256 B contiguous each), then K pairs of 4 B loads: a's row (each lane
// walking its own 256 B row) and b's column (each lane's loads N 4 B apart), a 4 B store (a
// warp's 128 B contiguous).
#include "common.cuh"

extern "C" __global__ void xfm_sparse_mask_matmul(float* output, const float* a, const float* b,
                                                  const long long* idx0, const long long* idx1,
                                                  const long long* idx2, int nnz, int M, int N,
                                                  int K) {
    const long long step = (long long)gridDim.x * ga_nthreads();
    for (long long i = ga_linear(); i < nnz; i += step) {
        const long long i1 = idx0[i];
        const long long i2 = idx1[i];
        const long long i3 = idx2[i];
        const float* aar = a + (i1 * M + i2) * K;
        const float* bar = b + i1 * K * N + i3;
        float r = 0.0f;
        for (int k = 0; k < K; k++) r += aar[k] * bar[(long long)k * N];
        output[i] = r;
    }
}
