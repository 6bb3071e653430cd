// out[i] = in[2i] + in[2i + 1] (blind check set 3: kept out of every fit, see
// fixtures/hopper/blind3/README.md). Each of the two loads of a warp touches 8 sectors of
// which it uses half; together they use every byte, the second load's sectors already in
// L1. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void pair_sum(const float* __restrict__ in, float* __restrict__ out,
                                    long long n) {
    const long long i = ga_linear();
    if (i < n) {
        out[i] = in[2 * i] + in[2 * i + 1];
    }
}
