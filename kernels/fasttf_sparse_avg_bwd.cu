// fast-transformers' sparse_weighted_average_backward_kernel (idiap/fast-transformers,
// fast_transformers/sparse_product/sparse_product_cuda.cu, launched by
// sparse_weighted_average_backward in the same file behind the autograd backward of
// fast_transformers.sparse_product.sparse_weighted_average: the gradients of the top-k sparse
// attention's weighted average of values, used by fast-transformers' improved clustered and
// exact top-k attention) (blind check set 99: written after calibration, never fitted on). As in
// fast-transformers: full_index = blockIdx.x blockDim.x + threadIdx.x over the N H L k top-k
// entries, (n, h, l, j) from it, leaving past N; key_idx = topk[n][h][l][j]; the thread's
// feature slice from threadIdx.y times dim_per_thread = E / threads_y; the threads of row 0
// store grad_weights[n][h][l][j] = the dot of values[n][h][key_idx][:] and
// grad_out[n][h][l][:] (a sequential sum over E); every thread atomicAdds
// weights[n][h][l][j] grad_out[n][h][l][e] to grad_values[n][h][key_idx][e] over its slice; the
// host's 256 x 4 threads on cdiv(N H L k, 256) blocks. Departures: the block any shape (x the
// top-k entry, y*z the feature slice with z folded in, by*bz slices of cdiv(E, by*bz) features,
// the last cut at E: the source's E / 4 at its 4 rows); float only; offsets in 64 bits.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: whole-number products and sums far below 2^24 (the atomic order
// immaterial). 2-D, no shared memory, x NOT the contiguous dimension: lanes of a warp are
// consecutive top-k entries, each gathering its own value row (E * 4 B, rows scattered) and
// reading its query's grad_out row (k lanes sharing one, E * 4 B apart between queries); per
// feature of the slice a 4 B grad_out load and a 4 B float atomicAdd into a gathered value
// row, plus for row 0 a 4 B gathered value load and a 4 B grad_out load per feature and one
// 4 B store (a warp's 128 B contiguous).
#include "common.cuh"

extern "C" __global__ void fasttf_sparse_avg_bwd(const float* weights, const float* values,
                                                 const long long* topk, const float* grad_out,
                                                 float* grad_weights, float* grad_values,
                                                 int N, int H, int L, int S, int E, int k) {
    const int full_index = blockIdx.x * blockDim.x + threadIdx.x;
    const int n = full_index / (H * L * k);
    const int h = (full_index - n * H * L * k) / (L * k);
    const int l = (full_index - n * H * L * k - h * L * k) / k;
    if (n >= N) return;
    const int rows = ga_block_rows();
    const int per = (E + rows - 1) / rows;
    const int start_dim = ga_row_in_block() * per;
    const int end_dim = min(start_dim + per, E);
    const int key_idx = (int)topk[full_index];
    const float* v_row = values + ((long long)(n * H + h) * S + key_idx) * E;
    const float* g_row = grad_out + ((long long)(n * H + h) * L + l) * E;
    float* gv_row = grad_values + ((long long)(n * H + h) * S + key_idx) * E;
    if (ga_row_in_block() == 0) {
        float s = 0.0f;
        for (int e = 0; e < E; ++e) s += v_row[e] * g_row[e];
        grad_weights[full_index] = s;
    }
    const float weight = weights[full_index];
    for (int e = start_dim; e < end_dim; ++e) {
        atomicAdd(gv_row + e, weight * g_row[e]);
    }
}
