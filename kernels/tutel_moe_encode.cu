// Tutel's MoE dispatch, the fast encoder's forward kernel (microsoft/tutel,
// tutel/jit_kernels/sparse.py, create_forward's CUDA source JIT-compiled with samples, hidden and
// capacity substituted, launched as func_fwd by GatingEncoder.forward and GatingDecoder.backward
// in tutel/impls/fast_dispatch.py: every Tutel MoE layer scattering each token's hidden vector,
// times its gate, into the capacity slot its top-k routing gave it in its expert's buffer (the
// encoder with the ones helper as gates, the combine's backward with the gates)) (blind check set
// 78: written after calibration, never fitted on). As in Tutel: the blocks walk the tokens, i from
// blockIdx.x in steps of gridDim.x below samples; a token with locations1_s[i] < capacity and
// indices1_s[i] >= 0 (kept, not dropped for capacity) has j from threadIdx.x in steps of 1024
// below hidden atomicAdd gates1_s[i] reshaped_input[i hidden + j] into dispatched_input[(indices1_s[i]
// capacity + locations1_s[i]) hidden + j]; the thread_extent comments' 128 blocks of 1024 threads,
// the buffer zeroed first (torch.zeros). Departures: the block the sweep's, any shape (linearized:
// the hidden vector in steps of all the block's threads, the source's 1024); samples, hidden and
// capacity as arguments (the source's JIT constants); float32 (the source's IS_FLOAT dtype); the
// buffer's starting values the manifest's. Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: whole-number inputs and gates 1 or 2,
// every product and slot sum a small integer (the atomics in any order). 1-D: a fixed grid of 128
// blocks looping over the tokens, per token three 4 B index and gate loads (one address a block)
// and a row walked 4 B a thread (a warp's 128 B contiguous) with a float atomic add into the slot's
// row.
#include "common.cuh"

extern "C" __global__ void tutel_moe_encode(const float* __restrict__ gates1_s,
                                            const int* __restrict__ indices1_s,
                                            const int* __restrict__ locations1_s,
                                            const float* __restrict__ reshaped_input,
                                            float* __restrict__ dispatched_input, int samples,
                                            int hidden, int capacity) {
    const int tid = (int)ga_tid();
    const int nthreads = (int)ga_nthreads();
    for (int i = blockIdx.x; i < samples; i += gridDim.x) {
        if (locations1_s[i] < capacity && indices1_s[i] >= 0) {
            const long long slot = (long long)indices1_s[i] * capacity + locations1_s[i];
            for (int j = tid; j < hidden; j += nthreads) {
                atomicAdd(&dispatched_input[slot * hidden + j],
                          gates1_s[i] * reshaped_input[(long long)i * hidden + j]);
            }
        }
    }
}
