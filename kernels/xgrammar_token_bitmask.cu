// XGrammar's in-place token bitmask, logitsBitmaskKernel<float, float4> (mlc-ai/xgrammar,
// python/xgrammar/kernels/apply_token_bitmask_inplace_cuda.cu, launched by
// applyTokenBitmaskInplaceDispatchToPackedT through applyTokenBitmaskInplace in the same file,
// xgrammar's apply_token_bitmask_inplace: every decoding step of grammar-constrained (JSON,
// regex) generation sets the logits of the tokens the grammar forbids to -inf before sampling)
// (blind check set 82: written after calibration, never fitted on). As in XGrammar: batchIdx =
// indices[blockIdx.y]; the block's kThreadsPerBlock x 32 logits from kThreadsPerBlock
// blockIdx.x x 32 of that row staged in shared memory in packs of 4 (float4) until the
// vocabulary ends, a barrier, each thread's 32-bit mask word bitmask[batchIdx bitmaskSize +
// bitmaskIdx] (bitmaskIdx = kThreadsPerBlock blockIdx.x + threadIdx.x) read and, for i = 0..31,
// the bit offset = (i + threadIdx.x) % 32 (staggered across the warp) below the vocabulary
// tested and the staged logit at threadIdx.x 32 + offset set to -inf where it is 0, a barrier,
// the staged logits written back in packs of 4; the host's 256 threads (kThreadsPerBlock) on
// cdiv(bitmaskSize, 256) x the indices' count blocks. Departures: the block the sweep's, any
// shape (linearized: kThreadsPerBlock the block's threads, the tile threads x 32 floats of
// dynamic shared memory); the mask word read only below bitmaskSize (the source reads past the
// row in the last block and ignores it); the indices always given (the source's nullptr case,
// blockIdx.y itself, not taken); float only (the float4 pack: the vocabulary a multiple of 4).
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: copies and -inf. 1-D, shared memory: one thread a 32-bit mask word over 32
// logits (a block's logits 128 x threads B contiguous: 16 B loads and stores, a warp's 512 B
// contiguous), a grid row a selected batch row.
#include "common.cuh"

extern "C" __global__ void xgrammar_token_bitmask(float* logits, const int* bitmask,
                                                  const int* indices, int vocabSize,
                                                  int bitmaskSize) {
    extern __shared__ float xg_tile[];  // the block's threads x 32 logits
    const int nthreads = (int)ga_nthreads();
    const int tid = (int)ga_tid();
    const int span = nthreads * 32;
    const int batchIdx = indices[blockIdx.y];
    const int gmem_offset = span * blockIdx.x;
    float* row = logits + (long long)batchIdx * vocabSize + gmem_offset;
    for (int offset = 0; offset < span; offset += nthreads * 4) {
        const int local = offset + tid * 4;
        if (gmem_offset + local >= vocabSize) break;
        *reinterpret_cast<float4*>(xg_tile + local) = *reinterpret_cast<const float4*>(row + local);
    }
    __syncthreads();
    const int bitmaskIdx = nthreads * blockIdx.x + tid;
    const int word = bitmaskIdx < bitmaskSize
                         ? bitmask[(long long)batchIdx * bitmaskSize + bitmaskIdx] : 0;
    for (int i = 0; i < 32; i++) {
        const int bit = (i + tid) % 32;
        if (bitmaskIdx * 32 + bit >= vocabSize) continue;
        if (!((word >> bit) & 1)) xg_tile[tid * 32 + bit] = -INFINITY;
    }
    __syncthreads();
    for (int offset = 0; offset < span; offset += nthreads * 4) {
        const int local = offset + tid * 4;
        if (gmem_offset + local >= vocabSize) break;
        *reinterpret_cast<float4*>(row + local) = *reinterpret_cast<const float4*>(xg_tile + local);
    }
}
