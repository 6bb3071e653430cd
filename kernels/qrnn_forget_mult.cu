// The QRNN's forget-gate recurrence, recurrent_forget_mult (salesforce/pytorch-qrnn,
// torchqrnn/forget_mult.py, the CUDA source string compiled with NVRTC and launched by
// GPUForgetMult.forward in the same file: torchqrnn's ForgetMult, every QRNN layer's fo-pooling
// h_t = f_t x_t + (1 - f_t) h_{t-1} over the sequence after the layer's gate convolution)
// (blind check set 74: written after calibration, never fitted on). As in pytorch-qrnn: hid =
// blockIdx.x blockDim.x + threadIdx.x the hidden unit, bid = blockIdx.y blockDim.y +
// threadIdx.y the batch element, inside (hid < HIDDEN and bid < BATCH) a loop over the time
// steps ts = 1 .. SEQ: i = (ts - 1) HIDDEN BATCH + bid HIDDEN + hid, dst[ts HIDDEN BATCH + bid
// HIDDEN + hid] = f[i] x[i], then += (1 - f[i]) dst[i] (dst one step longer than f and x,
// dst[0] the initial hidden state; no __restrict__: the store reloaded); the host's
// min(HIDDEN, 512) x 1 threads on cdiv(HIDDEN, min(HIDDEN, 512)) x BATCH blocks. Departures:
// the block the sweep's, any shape (x the hidden unit, y*z the batch element, z folded in).
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: gates 0 or 1 and whole-number inputs (every product and sum a small
// integer, contracted or not). 2-D: x -> hidden unit, y*z -> batch element, SEQ steps a thread.
#include "common.cuh"

extern "C" __global__ void qrnn_forget_mult(float* dst, const float* f, const float* x, int SEQ,
                                            int BATCH, int HIDDEN) {
    const int hid = ga_col();
    const int bid = ga_row();
    if (hid >= HIDDEN || bid >= BATCH) return;
    const int step = HIDDEN * BATCH;
    for (int ts = 1; ts < SEQ + 1; ts++) {
        const int i = (ts - 1) * step + bid * HIDDEN + hid;
        const int dst_i = ts * step + bid * HIDDEN + hid;
        const int dst_iminus1 = (ts - 1) * step + bid * HIDDEN + hid;
        dst[dst_i] = f[i] * x[i];
        dst[dst_i] += (1 - f[i]) * dst[dst_iminus1];
    }
}
