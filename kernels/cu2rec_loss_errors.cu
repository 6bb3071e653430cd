// cu2rec's loss_kernel (nickgreenquist/cu2rec, matrix_factorization/loss.cu, launched by
// calculate_loss_gpu in the same file with dim3 dimBlock(cfg->n_threads), n_threads 32 by
// default (matrix_factorization/config.h), on user_count / n_threads + 1 blocks: a
// matrix-factorization recommender's per-rating errors, each user's thread walking its CSR
// row of ratings and subtracting the biased dot-product prediction) (blind check set 114:
// written after calibration, never fitted on). As in cu2rec: u = blockDim.x blockIdx.x +
// threadIdx.x below user_count, p = P + u factors, ub = user_bias[u]; for i from indptr[u] to
// indptr[u + 1]: item = indices[i], error[i] = data[i] - get_prediction (global_bias + ub +
// item_bias[item], then + q[f] p[f] for f from 0 to factors, q = Q + item factors).
// Departures: the block any shape (linearized), the unused item_count argument kept, 64-bit
// factor-row offsets. Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: whole-number factors, biases and ratings, every
// partial sum far below 2^24. 1-D, no shared memory: per thread its row's rating loop (a
// warp's rows a row length apart), per rating a 4 B index, a 4 B rating, a 4 B item-bias
// gather and 50 4 B factor loads of a random item row (200 B contiguous) against its own
// 50 user factors (200 B contiguous, L1 hits), and one 4 B error store.
#include "common.cuh"

extern "C" __global__ void cu2rec_loss_errors(int factors, int user_count, int item_count,
                                              const float* P, const float* Q,
                                              const int* indptr, const int* indices,
                                              const float* data, float* error,
                                              const float* user_bias,
                                              const float* item_bias, float global_bias) {
    (void)item_count;
    const long long u = ga_linear();
    if (u >= user_count) return;
    const float* p = P + u * factors;
    const float ub = user_bias[u];
    for (int i = indptr[u]; i < indptr[u + 1]; ++i) {
        const int item = indices[i];
        const float* q = Q + (long long)item * factors;
        float pred = global_bias + ub + item_bias[item];
        for (int f = 0; f < factors; ++f) pred += q[f] * p[f];
        error[i] = data[i] - pred;
    }
}
