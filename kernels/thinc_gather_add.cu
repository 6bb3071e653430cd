// thinc's gather_add<float> (explosion/thinc, thinc/backends/_custom_kernels.cu, launched by
// gather_add in thinc/backends/_custom_kernels.py through CupyOps.gather_add behind thinc's
// HashEmbed, the hashed embedding tables of spaCy's MultiHashEmbed: each token's row the sum
// of the K table rows its K hashes pick) (blind check set 110: written after calibration,
// never fitted on). As in thinc: a grid-stride loop from blockIdx.x blockDim.x + threadIdx.x
// in steps of blockDim.x gridDim.x over the B output rows; for each, for k below K, idx =
// indices_bk[b K + k] and out_bo[b O + o] += table_to[idx O + o] for o below O (the output
// zeroed by the host, here its initial contents kept and added to); the host's
// threads_per_block = 128 threads on num_blocks = 128 blocks whatever the batch. Departures:
// the block any shape (linearized; the loop's stride the grid's threads); 64-bit offsets;
// float only (double also instantiated). Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: whole-number rows and
// outputs keep every sum far below 2^24. 1-D, no shared memory, a fixed grid and a
// grid-stride loop, a per-thread loop over K rows of O columns, x NOT the contiguous
// dimension: a warp's lanes are output rows O * 4 B apart; per hash a 4 B index load (K * 4 B
// apart across the lanes), then per column a 4 B table gather and a 4 B read-modify-write of
// the output row.
#include "common.cuh"

extern "C" __global__ void thinc_gather_add(float* out_bo, const float* table_to,
                                            const int* indices_bk, int T, int O, int B,
                                            int K) {
    const long long loop_start = ga_linear();
    const long long loop_stride = (long long)gridDim.x * ga_nthreads();
    for (long long b = loop_start; b < B; b += loop_stride) {
        for (int k = 0; k < K; ++k) {
            const long long idx = indices_bk[b * K + k];
            const float* table = table_to + idx * O;
            float* out = out_bo + b * O;
            for (int o = 0; o < O; ++o) {
                out[o] += table[o];
            }
        }
    }
}
