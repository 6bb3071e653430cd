// DietGPU's histogramBatch with histogramSingle (facebookresearch/dietgpu,
// dietgpu/ans/GpuANSStatistics.cuh, launched by ansHistogramBatch in the same file, called by
// ansEncodeBatchDevice in dietgpu/ans/GpuANSEncode.cuh: the symbol statistics pass of
// DietGPU's batched rANS entropy coder, a 256-bin byte histogram of every batch member before
// its probabilities are quantized) (blind check set 101: written after calibration, never
// fitted on), on a BatchProviderStride batch (dietgpu/ans/BatchProvider.cuh: member b at
// byte b batchStride, batchCapacity bytes). As in DietGPU: batch = blockIdx.y, out advanced
// by batch 256; per-warp shared buckets [warps][256 + 1] zeroed, a barrier, each thread
// counting into its warp's buckets with shared atomicAdd: block 0 the bytes before the
// member's first 16 B boundary (roundUp4 = min(size, the alignment round-up)), every block
// the aligned uint4 words in a grid-stride loop (i from blockIdx.x threads + tid, stepping by
// gridDim.x threads), four bytes of each of x, y, z and w, low byte first, and block 0 the
// remaining tail bytes; a barrier; each symbol's count summed over the warps and, where
// nonzero, atomicAdd to out[symbol]; the host's kNumSymbols = 256 threads on divUp(maxBlocks,
// numInBatch) x numInBatch blocks, maxBlocks the occupancy bound times the SM count (8 x 132 on
// an H100 at 256 threads: 66 x 16 here), the histogram zeroed (cudaMemsetAsync) before.
// Departures: the block the sweep's, any shape (linearized; warps = ceil(threads / 32); the
// zeroing, the head and tail bytes and the final per-symbol sums as loops striding by the
// block's threads, since the source's block is exactly the 256 symbols and at least 16
// threads; the static bucket array as 4 x 257 warps B of dynamic shared memory); the grid
// the host's at its own 256 threads whatever the block; the batch provider's pointer and
// sizes as a word buffer and two scalars. Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: integer counts (the atomic
// order immaterial). 1-D, shared memory, a fixed grid and a grid-stride loop: one 16 B load a
// step (a warp's 512 B contiguous) and 16 shared atomicAdds into the warp's own buckets, a
// barrier, and up to 256 global atomicAdds a block.
#include "common.cuh"

struct alignas(16) dg_word4 {
    unsigned x, y, z, w;
};

#define DG_SYMBOLS 256

extern "C" __global__ void dietgpu_ans_histogram(const unsigned* in_words, unsigned batch_stride,
                                                 unsigned batch_capacity, unsigned* out) {
    extern __shared__ unsigned dg_buckets[];  // [warps][DG_SYMBOLS + 1]
    const unsigned nthreads = ga_nthreads();
    const unsigned tid = ga_tid();
    const unsigned warps = (nthreads + 31) / 32;
    const unsigned batch = blockIdx.y;
    out += (long long)batch * DG_SYMBOLS;
    const unsigned char* in =
        reinterpret_cast<const unsigned char*>(in_words) + (long long)batch_stride * batch;
    const unsigned size = batch_capacity;

    for (unsigned s = tid; s < DG_SYMBOLS; s += nthreads)
        for (unsigned w = 0; w < warps; ++w) dg_buckets[w * (DG_SYMBOLS + 1) + s] = 0;
    __syncthreads();
    unsigned* warp_bucket = dg_buckets + (tid / 32) * (DG_SYMBOLS + 1);

    const unsigned misalign = (unsigned)(reinterpret_cast<unsigned long long>(in) % 16);
    const unsigned round_up4 = min(size, (16 - misalign) % 16);
    const unsigned remaining = size - round_up4;
    const unsigned num_u4 = remaining / 16;
    const unsigned char* in_aligned = in + round_up4;
    const dg_word4* in_aligned4 = reinterpret_cast<const dg_word4*>(in_aligned);

    if (blockIdx.x == 0)
        for (unsigned i = tid; i < round_up4; i += nthreads) atomicAdd(&warp_bucket[in[i]], 1u);

    for (unsigned i = blockIdx.x * nthreads + tid; i < num_u4; i += gridDim.x * nthreads) {
        const dg_word4 v = in_aligned4[i];
        const unsigned parts[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
        for (int p = 0; p < 4; ++p) {
            unsigned b = parts[p];
            atomicAdd(&warp_bucket[b & 0xff], 1u);
            b >>= 8;
            atomicAdd(&warp_bucket[b & 0xff], 1u);
            b >>= 8;
            atomicAdd(&warp_bucket[b & 0xff], 1u);
            b >>= 8;
            atomicAdd(&warp_bucket[b], 1u);
        }
    }

    if (blockIdx.x == 0)
        for (unsigned i = num_u4 * 16 + tid; i < remaining; i += nthreads)
            atomicAdd(&warp_bucket[in_aligned[i]], 1u);
    __syncthreads();

    for (unsigned s = tid; s < DG_SYMBOLS; s += nthreads) {
        unsigned sum = dg_buckets[s];
        for (unsigned w = 1; w < warps; ++w) sum += dg_buckets[w * (DG_SYMBOLS + 1) + s];
        if (sum) atomicAdd(&out[s], sum);
    }
}
