// fastllm's general tensor permute, FastllmPermuteKernel (ztxz16/fastllm, src/fastllm-cuda.cu,
// launched by FastllmCudaPermute in the same file: fastllm's Permute op on the GPU, e.g. a
// [batch, tokens, heads, head_dim] projection made head-major for attention) (blind check set
// 83: written after calibration, never fitted on). As in fastllm: i = threadIdx.x + blockIdx.x
// blockDim.x below len, the source offset old accumulated over the axes j = 0..axisLen-1 as
// (idx / newStride[j]) oldStride[axis[j]] with idx %= newStride[j], then dst[i] = ori[old]
// (temp's three rows: the axis order, the input's strides (Count(j + 1)) and the output's);
// the host's min(256, len) threads on cdiv(len, that) blocks. Departures: the block the sweep's,
// any shape (linearized); temp's 3 x 4 ints as scalar arguments for a 4-axis permute (axisLen
// at most 4, each looked up by a chain of selects: no local array); the source permutes in
// place through a device copy, here the copy is the input buffer. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// copies. 1-D: one thread an output value (a warp's 4 B stores 128 B contiguous), its 4 B load
// gathered: with perm (0, 2, 1, 3) a warp's 32 loads one 128 B row of head_dim, consecutive
// rows of a head 16 KiB apart.
#include "common.cuh"

__device__ __forceinline__ int fl_pick(int j, int a0, int a1, int a2, int a3) {
    return j == 0 ? a0 : (j == 1 ? a1 : (j == 2 ? a2 : a3));
}

extern "C" __global__ void fastllm_permute(float* dst, const float* ori, int axis0, int axis1,
                                           int axis2, int axis3, int old0, int old1, int old2,
                                           int old3, int new0, int new1, int new2, int new3,
                                           int axisLen, int len) {
    const long long linear = ga_linear();
    if (linear >= len) return;
    const int i = (int)linear;
    int old = 0;
    int idx = i;
    for (int j = 0; j < axisLen; ++j) {
        const int order = fl_pick(j, axis0, axis1, axis2, axis3);
        const int stride_new = fl_pick(j, new0, new1, new2, new3);
        old += (idx / stride_new) * fl_pick(order, old0, old1, old2, old3);
        idx %= stride_new;
    }
    dst[i] = ori[old];
}
