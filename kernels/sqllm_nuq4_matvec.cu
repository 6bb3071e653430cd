// SqueezeLLM's 4-bit non-uniform matrix-vector product, VecQuant4MatMulKernelNUQPerChannel
// (SqueezeAILab/SqueezeLLM, squeezellm/quant_cuda_kernel.cu, behind
// vecquant4matmul_nuq_perchannel_cuda in the same file: QuantLinearLUT's forward for a batch of
// one, every linear layer of a 4-bit SqueezeLLM model while decoding, each weight an index into
// its output column's 16-entry lookup table) (blind check set 74: written after calibration,
// never fitted on). As in SqueezeLLM: row = 16 blockIdx.x the block's first packed row (16
// words of 8 4-bit indices: 128 input elements), col = 128 blockIdx.y + threadIdx.x the output
// column; the block's 128 input elements staged in shared memory (blockvec), each column's 16
// table entries staged as deq2[val][off]; a barrier; per packed word tmp = mat[i] (i from width
// row + col in steps of width) res += deq2[(tmp >> 4 j) & 0xf][off] blockvec[k + j] for its 8
// indices j, then atomicAdd(&mul[col], res); the host's BLOCKWIDTH = 128 threads on
// cdiv(height, 16) x cdiv(width, 128) blocks. Departures: the block the sweep's, any shape (x
// the output column, blockDim.x columns a block; y*z splits the block's 16 packed words, each
// row of threads summing its own and adding it to the column with its own atomicAdd; the block
// stages the 128 elements and the bx x 16 table entries together (linearized / by rows), as
// dynamic shared memory: 4 (128 + 16 bx) bytes); the column and the packed rows guarded (the
// source assumes whole blocks). Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: whole-number tables and inputs, every
// product and partial sum a small integer (contracted or not, atomics in any order). 2-D: x ->
// output column, y*z -> packed word of the block's 16.
#include "common.cuh"

#define SQ_WORDS 16   // BLOCKHEIGHT4: packed words (8 indices each) a block
#define SQ_ELEMS 128  // BLOCKWIDTH: the input elements a block covers

extern "C" __global__ void sqllm_nuq4_matvec(const float* __restrict__ vec,
                                             const int* __restrict__ mat,
                                             float* __restrict__ mul,
                                             const float* __restrict__ lookup_table,
                                             int height, int width) {
    extern __shared__ float smem[];
    float* blockvec = smem;            // SQ_ELEMS input elements
    float* deq2 = smem + SQ_ELEMS;     // 16 x blockDim.x table entries
    const int row = SQ_WORDS * blockIdx.x;
    const int col = blockIdx.y * blockDim.x + threadIdx.x;
    const int off = threadIdx.x;
    const int nthreads = (int)ga_nthreads();
    for (int t = (int)ga_tid(); t < SQ_ELEMS; t += nthreads) {
        const int e = (row / SQ_WORDS) * SQ_ELEMS + t;
        blockvec[t] = e < 8 * height ? vec[e] : 0.0f;
    }
    const int column_offset = col * 16;
    for (int val = ga_row_in_block(); val < 16; val += ga_block_rows()) {
        deq2[val * blockDim.x + off] = col < width ? lookup_table[column_offset + val] : 0.0f;
    }
    __syncthreads();
    if (col >= width || ga_row_in_block() >= SQ_WORDS) return;
    float res = 0;
    for (int w = ga_row_in_block(); w < SQ_WORDS && row + w < height; w += ga_block_rows()) {
        const unsigned tmp = (unsigned)mat[(long long)(row + w) * width + col];
        const int k = 8 * w;
        res += deq2[((tmp >> 0) & 0xf) * blockDim.x + off] * blockvec[k + 0];
        res += deq2[((tmp >> 4) & 0xf) * blockDim.x + off] * blockvec[k + 1];
        res += deq2[((tmp >> 8) & 0xf) * blockDim.x + off] * blockvec[k + 2];
        res += deq2[((tmp >> 12) & 0xf) * blockDim.x + off] * blockvec[k + 3];
        res += deq2[((tmp >> 16) & 0xf) * blockDim.x + off] * blockvec[k + 4];
        res += deq2[((tmp >> 20) & 0xf) * blockDim.x + off] * blockvec[k + 5];
        res += deq2[((tmp >> 24) & 0xf) * blockDim.x + off] * blockvec[k + 6];
        res += deq2[((tmp >> 28) & 0xf) * blockDim.x + off] * blockvec[k + 7];
    }
    atomicAdd(&mul[col], res);
}
