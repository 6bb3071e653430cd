// One stage of the vector reduction (Torres et al., 001 §V.A.1-2): each thread adds two
// contiguous elements, out[i] = in[2i] + in[2i+1], into a compacted buffer that the next
// stage reads. The host launches stages until one element is left (gpuadvisor's launch plans
// `stages` and `stages_adaptive`). 1-D: any block shape is linearized.
#include "common.cuh"

extern "C" __global__ void reduce_pairs(const int* __restrict__ in, int* __restrict__ out,
                                        long long n_in, long long n_out) {
    const long long i = ga_linear();
    if (i < n_out) {
        const long long j = 2 * i;
        out[i] = in[j] + (j + 1 < n_in ? in[j + 1] : 0);
    }
}
