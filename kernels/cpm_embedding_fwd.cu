// cpm_kernels' embedding lookup into the hidden-major layout, cu_embedding_forward
// (OpenBMB/cpm_kernels, cuda/embedding.cu, launched by embedding_forward in
// cpm_kernels/kernels/embedding.py, behind OpEmbedding.forward and the Embedding module in
// cpm_kernels/torch/embedding.py: the token embeddings of a CPM model (BMInf, CPM-Live) stored
// (batch, hidden, sequence), each block gathering a 32 x 32 tile through shared memory and
// writing it transposed) (blind check set 75: written after calibration, never fitted on). As
// in cpm_kernels: a WARP_SZ = 32 square tile a block, blockIdx.x the batch item, blockIdx.y
// the block of 32 tokens, blockIdx.z the block of 32 hidden units; shared[ty][tx] = the
// weight of token 32 by + ty's id at hidden unit 32 bz + tx (0 past the hidden size; a token
// past the sequence reads id row 0), a barrier, then out[b][32 bz + ty][32 by + tx] =
// shared[tx][ty] where both are in range; int offsets; the host's 32 x 32 threads on batch x
// cdiv(seq_len, 32) x cdiv(hidden_size, 32) blocks. Departures: the block the sweep's, any
// shape (the tile kept at 32 x 32, a fixed amount of work a block: the block's columns x step
// over the tile's 32 columns bx apart, its rows (z folded into y) over the tile's 32 rows by*bz
// apart, threads past the tile idle); half values as float32 (the tile's rows 132 B), the
// static tile as dynamic shared memory (the manifest's way); __ldg as a const __restrict__
// load. Reimplemented from the published source (its indexing, arithmetic
// and control flow; none of its text). Exact: copies. 2-D: x -> a column of the tile (hidden
// unit on the load, token on the store), y*z -> a row of the tile (token, then hidden unit).
#include "common.cuh"

#define CPM_TILE 32  // WARP_SZ: the tile's side

extern "C" __global__ void cpm_embedding_fwd(int batch, int n, int m,
                                             const int* __restrict__ ids,
                                             const float* __restrict__ weights,
                                             float* __restrict__ out) {
    extern __shared__ float tile[];  // CPM_TILE x (CPM_TILE + 1): one more column
    const int tok0 = blockIdx.y * CPM_TILE;
    const int hid0 = blockIdx.z * CPM_TILE;
    const int rows = ga_block_rows();
    const int r0 = ga_row_in_block();
    // gather: tile row t the token tok0 + t, tile column h the hidden unit hid0 + h
    for (int t = r0; t < CPM_TILE; t += rows) {
        const int tok = tok0 + t;
        const float* emb = weights + (tok < m ? ids[blockIdx.x * m + tok] * n : 0);
        for (int h = threadIdx.x; h < CPM_TILE; h += blockDim.x) {
            tile[t * (CPM_TILE + 1) + h] = hid0 + h < n ? emb[hid0 + h] : 0.0f;
        }
    }
    __syncthreads();
    // store transposed: tile row h the hidden unit, column t the token (contiguous in out)
    float* dst = out + blockIdx.x * n * m + hid0 * m + tok0;
    for (int h = r0; h < CPM_TILE; h += rows) {
        for (int t = threadIdx.x; t < CPM_TILE; t += blockDim.x) {
            if (hid0 + h < n && tok0 + t < m) dst[h * m + t] = tile[t * (CPM_TILE + 1) + h];
        }
    }
}
