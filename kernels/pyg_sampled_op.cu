// pyg-lib's sampled_op_kernel_impl<float> (pyg-team/pyg-lib,
// pyg_lib/csrc/ops/cuda/sampled_kernel.cu, launched by sampled_op_kernel in the same file
// behind pyg::sampled_op: PyG's edge-level binary ops, x[src] (op) x[dst] for every edge
// without materializing the gathered rows, e.g. the per-edge products of GNN attention)
// (blind check set 88: written after calibration, never fitted on). As in pyg-lib: thread_idx
// = blockIdx.x blockDim.x + threadIdx.x below numel, i = thread_idx / num_feats (replaced by
// left_index[i] when given), j likewise through right_index, k = thread_idx % num_feats, a =
// left[i num_feats + k], b = right[j num_feats + k], c = a + b, a - b, a * b or a / b by the
// op, out[thread_idx] = c; the host's THREADS = 1,024 on CDIV(numel, 1024) blocks.
// Departures: the block the sweep's, any shape (linearized); the FnType enum and the two
// has-index flags as int scalars (ADD 0, SUB 1, MUL 2, DIV 3); float only. Reimplemented from
// the published source (its indexing, arithmetic and control flow; none of its text). Exact:
// products of whole numbers below 2^24. 1-D, no shared memory: one thread an output value,
// two 8 B index loads (a warp's lanes num_feats at a time the same word), two 4 B gathers (a
// warp's 64 B runs of gathered rows) and a 4 B store (a warp's 128 B contiguous).
#include "common.cuh"

extern "C" __global__ void pyg_sampled_op(const float* left, const float* right, float* out,
                                          const long long* left_index,
                                          const long long* right_index, int fn_type,
                                          int has_left_index, int has_right_index,
                                          long long num_feats, long long numel) {
    const long long thread_idx = ga_linear();
    if (thread_idx >= numel) return;
    long long i = thread_idx / num_feats;
    if (has_left_index) i = left_index[i];
    long long j = thread_idx / num_feats;
    if (has_right_index) j = right_index[j];
    const long long k = thread_idx % num_feats;
    const float a = left[i * num_feats + k];
    const float b = right[j * num_feats + k];
    float c;
    if (fn_type == 0) {
        c = a + b;
    } else if (fn_type == 1) {
        c = a - b;
    } else if (fn_type == 2) {
        c = a * b;
    } else {
        c = a / b;
    }
    out[thread_idx] = c;
}
