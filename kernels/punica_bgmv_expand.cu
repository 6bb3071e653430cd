// Punica's bgmv_expand_kernel (punica-ai/punica, punica/ops/csrc/bgmv/bgmv_impl.cuh, launched
// by bgmv_kernel in the same file when feat_in < feat_out: the LoRA "expand" half of Punica's
// batched gather matrix-vector product, serving many LoRA adapters in one batch, each
// request's rank-r vector multiplied by the B matrix of its own adapter and layer and added
// into its hidden-size output) (blind check set 103: written after calibration, never fitted
// on). As in Punica: the block's output tile from blockIdx.x and the request from blockIdx.y,
// idx = indicies[batch] num_layers + layer_idx; the x threads of a row split the feat_in
// inputs in 16-byte vectors, each summing float(w) float(x) scale over its vector of W[(idx
// feat_out + j) feat_in + ...] and X[batch feat_in + ...]; the row's partial sums reduced and
// its x = 0 thread adding the sum into Y[batch feat_out + j], j = tile (tz ty) + threadIdx.z
// ty + threadIdx.y; the host's feat_in / vec_size x 32 / tx x 4 threads (2 x 16 x 4 at rank 16
// in half precision) on feat_out / (ty tz) x batch_size blocks. Departures: the block the
// sweep's, any shape (x the vector of the input, each thread every bx-th one; y*z the output
// row of the block's by*bz-row tile, z folded in); the tile's shuffle reduction as partial sums
// in dynamic shared memory added in order by the row's x = 0 thread after one barrier (every
// thread reaching it); float32 elements in float4 vectors (the source instantiates half and
// bfloat16, vectors of eight); rows past feat_out skipped (the source's host tiles feat_out
// exactly). Reimplemented from the published source (its indexing, arithmetic and control flow;
// none of its text). Exact: whole numbers times a dyadic scale, sums far below 2^24. 2-D,
// shared memory, a per-block work split: a 16 B X load (broadcast along the rows) and a 16 B W
// load (a row's feat_in * 4 B contiguous, the block's tile of rows contiguous), a shared
// store, a barrier, bx shared reads and one 4 B read-modify-write of Y a row.
#include "common.cuh"

extern "C" __global__ void punica_bgmv_expand(float* Y, const float* X, const float* W,
                                              const long long* indicies, int feat_in,
                                              int feat_out, long long num_layers,
                                              long long layer_idx, float scale) {
    extern __shared__ float partial[];
    const long long batch = blockIdx.y;
    const int rows = ga_block_rows();
    const int row = ga_row_in_block();
    const long long j = (long long)blockIdx.x * rows + row;
    const long long idx = indicies[batch] * num_layers + layer_idx;
    float sum = 0.0f;
    if (j < feat_out) {
        const float4* x4 = reinterpret_cast<const float4*>(X + batch * feat_in);
        const float4* w4 = reinterpret_cast<const float4*>(W + (idx * feat_out + j) * feat_in);
        for (int v = threadIdx.x; v < feat_in / 4; v += blockDim.x) {
            const float4 xv = x4[v];
            const float4 wv = w4[v];
            sum += wv.x * xv.x * scale;
            sum += wv.y * xv.y * scale;
            sum += wv.z * xv.z * scale;
            sum += wv.w * xv.w * scale;
        }
    }
    partial[ga_tid()] = sum;
    __syncthreads();
    if (threadIdx.x == 0 && j < feat_out) {
        float total = 0.0f;
        for (unsigned t = 0; t < blockDim.x; t++) total += partial[row * blockDim.x + t];
        Y[batch * feat_out + j] += total;
    }
}
