// The count sketch of a batch of feature vectors, MXNet's sketch_forward_kernel<float>
// (apache/mxnet, src/operator/contrib/count_sketch.cu, behind CountSketchForward:
// CountSketchOp's forward for the contrib.count_sketch operator, the random projection of
// compact bilinear pooling (multimodal compact bilinear pooling of image and question
// features before the FFT product)) (blind check set 65: written after calibration, never
// fitted on). As in MXNet: one thread an input element, index = blockIdx.x blockDim.x +
// threadIdx.x below nthreads (= samples x in_dim), i_indim = index % in_dim, i_sample = index /
// in_dim, the target i_sample out_dim + h[i_indim] (h a float array of bucket indices, the sum
// in float) and atomicAdd(out + target, s[i_indim] in[index]); the host's launches of
// processing_batch_size samples each, min(512, nthreads) threads on cdiv(nthreads, 512)
// blocks. Departures: the block the sweep's, any shape (linearized); one launch over all the
// samples (the host's launches a batch each, at out and in advanced by the batch's samples:
// the same targets and sums). Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: whole-number inputs, signs in {-1, 0,
// 1} and bucket indices (every target below 2^24, exact in float; every product and atomic
// sum an integer below 2^24, in any order). 1-D: the block is linearized, one thread an input
// element.
#include "common.cuh"

extern "C" __global__ void mxnet_count_sketch(int nthreads, float* __restrict__ out,
                                              const float* __restrict__ h,
                                              const float* __restrict__ s,
                                              const float* __restrict__ in, int n_samples,
                                              int in_dim, int out_dim) {
    const long long linear = ga_linear();
    if (linear >= nthreads) {
        return;
    }
    const int index = (int)linear;
    const int i_indim = index % in_dim;
    const int i_sample = index / in_dim;

    const int target = i_sample * out_dim + h[i_indim];
    atomicAdd(out + target, s[i_indim] * in[index]);
}
