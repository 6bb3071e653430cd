// Weighted embedding-bag sum of a recommendation model's sparse features (PyTorch's
// nn.EmbeddingBag(mode="sum") with per_sample_weights and include_last_offset, as DLRM and
// TorchRec's weighted id-score-list features pool them, FBGEMM's table-batched embedding
// forward), one thread per output element (bag, feature) (blind check set 20: written after
// calibration, never fitted on; its sweeps go to fixtures/hopper/blind20/ once recorded).
// Inputs: the embedding table (rows x dim float32, row-major, larger than L2), the int64
// indices of all bags one after another with a float32 weight each, and the int64 offsets
// of the bags (bags + 1 of them, the last the number of indices; bags of different lengths,
// some empty). out[b][d] = sum over j = offsets[b] .. offsets[b + 1] - 1 of weights[j]
// table[indices[j]][d], summed in order with float32 fused multiply-adds (0 for an empty
// bag). Thread e takes bag e / dim and feature e % dim: two 8 B loads of the bag's offsets
// and, per index, an 8 B load of the index and a 4 B load of its weight (the same addresses
// for the lanes of one bag: broadcasts) and a 4 B gather of the feature (a warp's lanes
// read 128 contiguous bytes of one random row of the table), then one contiguous 4 B store;
// a warp runs as many indices as its longest bag. No shared memory. float32: the integer
// inputs keep every sum exact. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void embedding_bag_wsum(const float* __restrict__ table,
                                              const long long* __restrict__ indices,
                                              const float* __restrict__ weights,
                                              const long long* __restrict__ offsets,
                                              float* __restrict__ out, long long elems,
                                              int dim) {
    const long long e = ga_linear();
    if (e >= elems) {
        return;
    }
    const long long bag = e / dim;
    const int d = (int)(e - bag * dim);
    const long long begin = offsets[bag], end = offsets[bag + 1];
    float acc = 0.0f;
    for (long long j = begin; j < end; ++j) {
        acc = fmaf(weights[j], table[indices[j] * dim + d], acc);
    }
    out[e] = acc;
}
