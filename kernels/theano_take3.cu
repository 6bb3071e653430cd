// Theano's advanced indexing along the first axis on the GPU, k_take_3<CPY> (Theano/Theano,
// theano/sandbox/cuda/cuda_ndarray.cu, launched by CudaNdarray_TakeFrom in the same file behind
// GpuAdvancedSubtensor1 in theano/sandbox/cuda/basic_ops.py: x[idx] of a GPU tensor by an integer
// vector, e.g. a shuffled minibatch taken from a training set kept on the GPU) (blind check set 78:
// written after calibration, never fitted on). As in Theano: the blocks walk the indexes, i0 from
// blockIdx.x in steps of gridDim.x below d0; idx = indices[i0], plus dB0 when negative (Python's
// negative indexing); outside [0, dB0) the error word set to 0xFFFF and the index skipped; else i1
// from threadIdx.x in steps of blockDim.x below d1 and i2 from threadIdx.y in steps of blockDim.y
// below d2 copy b[idx sB0 + i1 sB1 + i2 sB2] to a[i0 sA0 + i1 sA1 + i2 sA2] (strides in elements);
// the host's min(d0, 65535) blocks of ty = min(d2, max_threads) by tx = min(d1, max_threads / ty)
// threads (GpuAdvancedSubtensor1's C code passes max_threads 512). Departures: the block the
// sweep's, any shape (x the second axis i1, y*z the third i2, z folded in); npy_int64 as long long.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of its
// text). Exact: copies. 2-D: one block an index, x -> the second axis (D2 elements apart, not the
// contiguous one), y*z -> the third (contiguous).
#include "common.cuh"

extern "C" __global__ void theano_take3(int d0, int d1, int d2, const long long* indices,
                                        float* a, int sA0, int sA1, int sA2, const float* b,
                                        int dB0, int sB0, int sB1, int sB2, int* err) {
    const int first_row = ga_row_in_block();
    const int row_step = ga_block_rows();
    for (int i0 = blockIdx.x; i0 < d0; i0 += gridDim.x) {
        long long src = indices[i0];
        if (src < 0) src += dB0;  // negative indexes count from the end
        if (src < 0 || src >= dB0) {
            *err = 0xFFFF;  // an index out of range: every bit set
            continue;
        }
        for (int i1 = threadIdx.x; i1 < d1; i1 += blockDim.x) {
            for (int i2 = first_row; i2 < d2; i2 += row_step) {
                const int to = i0 * sA0 + i1 * sA1 + i2 * sA2;
                const int from = (int)(src * sB0) + i1 * sB1 + i2 * sB2;
                a[to] = b[from];
            }
        }
    }
}
