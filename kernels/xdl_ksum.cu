// X-DeepLearning's sparse embedding sum pooling, KSumKernel<float, int32_t>
// (alibaba/x-deeplearning, xdl/xdl/core/ops/ksum_op.cu, launched by KSumGpuOp::LaunchKernel in the
// same file: XDL's KSum op behind embedding_ops.ksum and kmean
// (xdl/xdl/python/sparse_engine/embedding_ops.py), xdl.embedding's sum and mean combiners
// (embedding.py in the same folder: the batch's unique ids' rows from xdl.unique and the parameter
// server's gather, then each sample's rows weighted by their feature values and summed into the
// sample's row), every sparse feature of an XDL CTR model) (blind check set 76: written after
// calibration, never fitted on). As in XDL: idx = blockIdx.x blockDim.x + threadIdx.x an id,
// outside idx < pgrp[grp_size - 1] a return, its group p = LowerBound(pgrp, pgrp + grp_size, idx +
// 1) (xdl/xdl/core/lib/binary_search.h: a halving search over the groups' cumulative ends),
// grp_width = p[0] (the first group) or p[0] - p[-1], a return on an empty group, src the embedding
// row pidx[idx] eb_dim on, dst the group's output row, then for k below eb_dim val = pval[idx]
// src[k] (src[k] without values), divided by grp_width when averaging, atomicAdd to dst[k]
// (gpu_atomic_add, xdl/xdl/core/lib/atomic.h); the host's CUDA_GET_BLOCKS(ids) = cdiv(ids, 1024)
// blocks of CUDA_GET_THREADS(ids, blocks) = cdiv(ids, blocks) threads
// (xdl/xdl/core/lib/common_defines.h), the output zeroed first. Departures: the block the sweep's,
// any shape (linearized; cdiv(ids, threads) blocks); the groups' ends the manifest's row pointers
// with their leading zero (an empty first group whose output row no id reaches); the size_t sizes
// long long and the bool average an int (0: the sum combiner); the output's starting values the
// manifest's (XDL zeroes it first). Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: whole-number embeddings and values, every
// product and group sum a small integer (the atomics in any order). 1-D: one thread an id: a binary
// search over the group ends, then a gathered embedding row walked by the thread with one atomic
// add an element.
#include "common.cuh"

// XDL's LowerBound: the first element of [first, last) not below value.
__device__ __forceinline__ const int* xdl_lower_bound(const int* first, const int* last,
                                                      int value) {
    long long count = last - first;
    while (count > 0) {
        const int* it = first;
        const long long step = count / 2;
        it += step;
        if (*it < value) {
            first = ++it;
            count -= step + 1;
        } else {
            count = step;
        }
    }
    return first;
}

extern "C" __global__ void xdl_ksum(const float* peb, const int* pidx, const float* pval,
                                    const int* pgrp, long long grp_size, long long eb_dim,
                                    int average, float* pout) {
    const int idx = (int)ga_linear();
    if (idx >= pgrp[grp_size - 1]) return;
    const int* p = xdl_lower_bound(pgrp, pgrp + grp_size, idx + 1);
    const long long grp_idx = p - pgrp;
    const long long grp_width = (grp_idx == 0) ? p[0] : (p[0] - p[-1]);
    if (grp_width == 0) return;
    const float* src = peb + (long long)pidx[idx] * eb_dim;
    float* dst = pout + grp_idx * eb_dim;
    for (long long k = 0; k < eb_dim; ++k) {
        float val = (pval != nullptr) ? pval[idx] * src[k] : src[k];
        if (average) val /= grp_width;
        atomicAdd(dst + k, val);
    }
}
