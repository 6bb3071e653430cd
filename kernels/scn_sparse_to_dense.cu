// SparseConvNet's sparse-to-dense output layer, SparseToDense_fp<float, 32, 32>
// (facebookresearch/SparseConvNet, sparseconvnet/SCN/CUDA/SparseToDense.h, launched by
// SparseToDense_ForwardPass in the same file through the rule book iterator of
// cuda_SparseToDense_updateOutput (sparseconvnet/SCN/CUDA/SparseToDense.cu): each active
// site's nPlanes features copied into a dense [nPlanes, spatialVolume] tensor at the site's
// position, the planes spatialVolume apart) (blind check set 86: written after calibration,
// never fitted on). As in SparseConvNet: a fixed grid of blocks, each taking NTY rules at a
// time from n = blockIdx.x NTY in steps of gridDim.x NTY below nHot; the block's threads first
// stage the 2 NTY rule words (input row, output site) of its rules in shared memory (the words
// past 2 (nHot - n) skipped), a barrier, then row threadIdx.y (its rule below nHot) copies
// input_features[r[2 y] nPlanes + plane] to output_features[r[2 y + 1] + plane spatialVolume]
// for plane from threadIdx.x in steps of NTX, and a second barrier; the host's 32 x 32 threads
// on 32 blocks. Departures: the block the sweep's, any shape (NTX = bx, NTY = by*bz, z folded
// in; the shared rule words staged by all the block's threads in steps of its thread count, so
// that bx = 1 also fills them, where the source needs NTX >= 2); the static shared array a
// dynamic allocation of 2 by*bz ints; float (one instantiation); Int as int; the rule book's
// dimension-by-dimension iterator (RULEBOOKITERATOR) not taken: one launch. Reimplemented from
// the published source (its indexing, arithmetic and control flow; none of its text). Exact:
// copies. 2-D, shared memory, a fixed grid looping over the rules, a per-block work split (by*bz rules a block a
// pass, each rule's planes looped over by its bx threads): a 4 B load a plane (a warp's 128 B
// contiguous in the input row) and a 4 B store spatialVolume 4 B apart (x NOT the contiguous
// dimension of the output: a warp's 32 stores on 32 different lines).
#include "common.cuh"

extern "C" __global__ void scn_sparse_to_dense(const float* input_features,
                                               float* output_features, int nPlanes,
                                               int spatialVolume, const int* rules, int nHot) {
    extern __shared__ int r[];  // 2 by*bz rule words
    const int rows = ga_block_rows();
    const int row = ga_row_in_block();
    for (int n = blockIdx.x * rows; n < nHot; n += gridDim.x * rows) {
        for (int i = ga_tid(); i < 2 * rows; i += ga_nthreads()) {
            if (i < 2 * (nHot - n)) r[i] = rules[2 * n + i];
        }
        __syncthreads();
        if (n + row < nHot) {
            const float* in = input_features + (long long)r[2 * row] * nPlanes;
            float* out = output_features + r[2 * row + 1];
            for (int plane = threadIdx.x; plane < nPlanes; plane += blockDim.x) {
                out[(long long)plane * spatialVolume] = in[plane];
            }
        }
        __syncthreads();
    }
}
