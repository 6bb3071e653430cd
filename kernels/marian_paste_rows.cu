// The row scatter-add of Marian's embedding backward, gPasteRows (marian-nmt/marian,
// src/tensors/gpu/tensor_operators.cu, behind PasteRows: the gradient of rows(), the
// embedding lookup, added into the embedding matrix's gradient on every training step of an
// NMT model) (blind check set 55: written after calibration, never fitted on). As in Marian:
// one block a row j of the input (the rows walked in passes of gridDim.x), its target row
// dstId = targetRowIdx[j] (an IndexType, uint32) in the output, its threads the cols
// columns in passes of blockDim.x, atomics::atomicAdd(out + dstId cols + i, in[j cols + i])
// (token ids repeat: rows collide); the host's min(MAX_THREADS, cols) threads on
// min(MAX_BLOCKS, rows) blocks. Departures: the block the sweep's, any shape (linearized: the
// threads take the columns tid, tid + threads, ..); T float, size_t as unsigned long long.
// Written from memory. Exact: whole-number gradients and a whole-number gradient matrix
// beforehand (every column's sum a small integer whatever the order of the atomics). 1-D: the
// block is linearized, one block a row of the input.
#include "common.cuh"

typedef unsigned IndexType;

extern "C" __global__ void marian_paste_rows(float* out, const float* in,
                                             const unsigned long long cols,
                                             const IndexType* targetRowIdx,
                                             const unsigned long long rows) {
    for (int bid = 0; bid < rows; bid += gridDim.x) {
        int j = bid + blockIdx.x;
        if (j < rows) {
            unsigned long long dstId = targetRowIdx[j];
            unsigned long long srcId = j;

            float* rowOut = out + dstId * cols;
            const float* rowIn = in + srcId * cols;

            for (int tid = 0; tid < cols; tid += ga_nthreads()) {
                int i = tid + ga_tid();
                if (i < cols) atomicAdd(rowOut + i, rowIn[i]);
            }
        }
    }
}
