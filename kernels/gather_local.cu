// Gather with local scatter (blind check set: kept out of every fit, see
// fixtures/hopper/blind/README.md): out[i] = in[clamp(i + offsets[i])] with offsets uniform in
// [-SPREAD, SPREAD). Between a copy and a random gather: a warp's 32 loads land within a
// window of 2 SPREAD elements (many sectors per request, but the window is shared by
// neighbouring warps in L1/L2). 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void gather_local(const float* __restrict__ in, const int* __restrict__ offsets,
                                        float* __restrict__ out, long long n) {
    const long long i = ga_linear();
    if (i < n) {
        long long j = i + offsets[i];
        j = j < 0 ? 0 : (j >= n ? n - 1 : j);
        out[i] = in[j];
    }
}
