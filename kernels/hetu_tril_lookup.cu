// Hetu's lower-triangle lookup, tril_lookup_kernel (Hsword/Hetu, src/ops/TrilLookup.cu, launched
// by DLGpuTrilLookup in the same file behind TrilLookupOp (python/hetu/gpu_ops/TrilLookup.py):
// ht.tril_lookup_op(interact, -1) in DLRM_Head.interact_features
// (tools/EmbeddingMemoryCompression/models/dlrm.py), the DLRM feature interaction packing the
// strict lower triangle of every sample's matrix of pairwise dot products before the top MLP)
// (blind check set 77: written after calibration, never fitted on). As in Hetu: ind_x =
// blockIdx.x blockDim.x + threadIdx.x an element of a sample's in_dim x in_dim matrix, ind_y =
// blockIdx.y blockDim.y + threadIdx.y the sample, outside (ind_y < pre_size, ind_x < in_dim^2) a
// return, cid = ind_x % in_dim, rid = ind_x / in_dim, above the offset's diagonal (in_dim + rid +
// offset < in_dim + cid) a return, output_offset = ind_y out_dim + cid plus the triangle's
// elements before row rid: start_ele = 1, end_ele = rid, shifted by the offset (a positive
// offset's rows past in_dim counted whole), (start_ele + end_ele) (end_ele - start_ele + 1) / 2,
// output[output_offset] = input[ind_y in_dim^2 + ind_x], size_t arithmetic (the offset wrapping
// as in C); the host's ThreadBlock2D(in_dim^2, pre_size) (src/cuda_common/gpu_runtime.cc):
// in_dim^2 x 1024 / in_dim^2 threads on 1 x cdiv(pre_size, 1024 / in_dim^2) blocks (729 x 1 on 1
// x pre_size for DLRM's 27 features). Departures: the block the sweep's, any shape (x the
// matrix element, y*z the sample, z folded in); the size_t sizes unsigned long long. Reimplemented
// from the published source (its indexing, arithmetic and control flow; none of its text).
// Exact: copies. 2-D: x -> element of the sample's matrix (a 4 B load contiguous along x; the
// threads above the diagonal idle), y*z -> sample; the stores packed (a row's contiguous).
#include "common.cuh"

extern "C" __global__ void hetu_tril_lookup(const float* input, float* output, int offset,
                                            unsigned long long in_dim,
                                            unsigned long long out_dim,
                                            unsigned long long pre_size) {
    const unsigned long long ind_x = (unsigned long long)ga_col();
    const unsigned long long ind_y = (unsigned long long)ga_row();
    const unsigned long long ysize = in_dim * in_dim;
    if (ind_y >= pre_size || ind_x >= ysize) return;
    const unsigned long long cid = ind_x % in_dim;
    const unsigned long long rid = ind_x / in_dim;
    const unsigned long long shift = (unsigned long long)(long long)offset;  // as C converts it
    if (in_dim + rid + shift < in_dim + cid) return;  // above the offset's diagonal
    const unsigned long long input_offset = ind_y * ysize + ind_x;
    unsigned long long output_offset = ind_y * out_dim + cid;
    unsigned long long start_ele = 1;
    unsigned long long end_ele = rid;
    if (offset != 0) {
        if (offset < 0) {
            end_ele += shift;
        } else {
            start_ele += shift;
            end_ele += shift;
            if (end_ele > in_dim) {
                output_offset += (end_ele - in_dim) * in_dim;
                end_ele = in_dim;
            }
        }
    }
    output_offset += (start_ele + end_ele) * (end_ele - start_ele + 1) / 2;
    output[output_offset] = input[input_offset];
}
