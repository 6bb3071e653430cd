// Random gather from a large table, out[i] = table[idx[i]] with int32 indices uniform over a
// 64 MiB float32 table (blind check set 6: kept out of every fit; its sweeps go to
// fixtures/hopper/blind6/ once recorded), as in embedding lookups or indirect particle
// access. The index load and the store are contiguous; each thread's table read lands in its
// own 32 B sector at a random place in a table larger than an H100's 50 MiB L2, so most of
// them miss L1 and many miss L2. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void gather_rand(const float* __restrict__ table, const int* __restrict__ idx,
                                       float* __restrict__ out, long long n) {
    const long long i = ga_linear();
    if (i < n) {
        out[i] = table[idx[i]];
    }
}
