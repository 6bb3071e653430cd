// Gradient of an embedding lookup, accumulated into the embedding table by scatter-add
// through the token ids: grad_table[ids[t]][d] += grad_out[t][d], the non-deterministic
// (atomic) path of TensorFlow's UnsortedSegmentSum, which the gradient of tf.gather and of
// embedding_lookup lowers to, and of torch's index_add_ (blind check set 16: written after
// calibration, never fitted on; its sweeps go to fixtures/hopper/blind16/ once recorded).
// One thread per element of grad_out (NTOK tokens x DIM), as those kernels index it: the
// token is the element's index divided by DIM (a 64-bit integer divide), the table row is
// ids[token] (a 4 B load, the same address for the lanes of one token: broadcast); ids
// outside the vocabulary are dropped, as UnsortedSegmentSum drops them. Then one contiguous
// 4 B load of grad_out and one float atomicAdd into the row (a warp's 32 lanes add to 128
// contiguous bytes of one or two random rows of a table larger than L2; tokens sharing an
// id add to the same row). Small-integer gradients keep every sum exact whatever the
// atomics' order. Repeated timing launches keep adding; the check runs once from a zeroed
// table. No shared memory. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void embedding_grad_scatter(const int* __restrict__ ids,
                                                  const float* __restrict__ grad_out,
                                                  float* __restrict__ grad_table,
                                                  long long elems, int dim, int vocab) {
    const long long i = ga_linear();
    if (i >= elems) {
        return;
    }
    const long long token = i / dim;
    const int d = (int)(i - token * dim);
    const int row = ids[token];
    if (row < 0 || row >= vocab) {
        return;
    }
    atomicAdd(&grad_table[(long long)row * dim + d], grad_out[i]);
}
