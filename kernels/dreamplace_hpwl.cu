// The half-perimeter wirelength of every net along one axis, DREAMPlace's computeHPWL
// (limbo018/DREAMPlace, dreamplace/ops/hpwl/src/hpwl_cuda_kernel.cu, behind
// computeHPWLCudaLauncher and hpwl_forward: the HPWL op that global placement evaluates
// every iteration to report and check the wirelength, launched twice, x then y on a second
// stream, ATen summing the partial wirelengths) (blind check set 67: written after
// calibration, never fitted on). As in DREAMPlace: one thread a net i below num_nets; where
// net_mask[i], min and max of x[flat_netpin[j]] over its pins j from netpin_start[i] below
// netpin_start[i + 1] (from FLT_MAX and -FLT_MAX) and partial_hpwl[i] = max - min, else 0;
// the host's 512 threads on cdiv(num_nets, 512) blocks. Departures: the block the sweep's,
// any shape (linearized); one launch (the x axis; the y launch the same kernel on the y
// array); net_mask an int array (no 1-byte dtype here). Reimplemented from the published
// source (its indexing, arithmetic and control flow; none of its text). Exact: minima,
// maxima and one difference of whole-number positions below 2^24 (an empty masked net's
// -FLT_MAX - FLT_MAX -inf on both sides). 1-D: the block is linearized.
#include "common.cuh"

#define DP_FLT_MAX 3.402823466e+38f

extern "C" __global__ void dreamplace_hpwl(const float* __restrict__ x,
                                           const int* __restrict__ flat_netpin,
                                           const int* __restrict__ netpin_start,
                                           const int* __restrict__ net_mask, int num_nets,
                                           float* __restrict__ partial_hpwl) {
    const long long linear = ga_linear();
    if (linear >= num_nets) return;
    const int i = (int)linear;
    float max_x = -DP_FLT_MAX;
    float min_x = DP_FLT_MAX;
    if (net_mask[i]) {
        for (int j = netpin_start[i]; j < netpin_start[i + 1]; ++j) {
            min_x = fminf(min_x, x[flat_netpin[j]]);
            max_x = fmaxf(max_x, x[flat_netpin[j]]);
        }
        partial_hpwl[i] = max_x - min_x;
    } else {
        partial_hpwl[i] = 0.0f;
    }
}
