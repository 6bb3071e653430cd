// BMTrain's bmt_has_nan_inf_1 (OpenBMB/BMTrain, csrc/cuda/has_inf_nan.cu, launched by
// has_nan_inf_launcher in the same file, the first of its two passes, behind
// bmtrain's has_inf_nan check of the loss-scaled gradients before an optimizer step: whether
// any gradient overflowed, so that the step is skipped and the loss scale lowered) (blind
// check set 105: written after calibration, never fitted on). As in BMTrain: gid = blockIdx.x
// blockDim.x + threadIdx.x and span = blockDim.x gridDim.x; each thread walks i = gid, gid +
// span, ... below n and stops at the first value that is infinite or NaN (r = 1); the block's
// flags reduced to any, its thread 0 storing mid[blockIdx.x]; the host's 1024 threads on
// min(cdiv(n, 1024), 1024) blocks. Departures: the block any shape (linearized; the span the
// grid's threads); the block's any reduction as flags in dynamic shared memory ORed in order
// by thread 0 after one barrier (the source's warp shuffles and a 32-slot shared array, which
// drop a partial last warp: the host's 1024 threads have none); float32 values (the source
// checks half gradients; the manifest's data are 32-bit words, a few of them infinities or
// NaNs), tested on their bits (an exponent of all ones: __hisinf or isnan of the value); the
// mid flags bytes of a uint32 buffer. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// comparisons only. 1-D, shared memory, a capped grid and a grid-stride loop: per step a 4 B
// load (a warp's 128 B contiguous), an early exit at the first non-finite value, then a 4 B
// shared store, a barrier, thread 0's reads of the block's flags and a 1 B store a block.
#include "common.cuh"

extern "C" __global__ void bmt_has_nan_inf(int n, const unsigned* inp, unsigned* mid) {
    extern __shared__ int bmt_flags[];
    const long long gid = ga_linear();
    const long long span = (long long)gridDim.x * ga_nthreads();
    int r = 0;
    for (long long i = gid; i < n; i += span) {
        const unsigned v = inp[i];  // a float's bits: infinite or NaN where the exponent is full
        if ((v & 0x7F800000u) == 0x7F800000u) {
            r = 1;
            break;
        }
    }
    bmt_flags[ga_tid()] = r;
    __syncthreads();
    if (ga_tid() == 0) {
        int any = 0;
        for (unsigned t = 0; t < ga_nthreads(); ++t) any |= bmt_flags[t];
        reinterpret_cast<unsigned char*>(mid)[blockIdx.x] = (unsigned char)any;
    }
}
