// Table lookup, out[i] = lut[in[i]] with a 256-entry float32 table and int32 indices in
// [0, 256) (blind check set 5: kept out of every fit, see fixtures/hopper/blind5/README.md).
// The index load and the store stream contiguously; the table read is a data-dependent gather
// within 1 KiB that stays in L1. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void lut_map(const int* __restrict__ in, const float* __restrict__ lut,
                                   float* __restrict__ out, long long n) {
    const long long i = ga_linear();
    if (i < n) {
        out[i] = lut[in[i]];
    }
}
