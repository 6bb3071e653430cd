// NiuTensor's index-to-one-hot expansion, KernelIndexToOnehot (NiuTrans/NiuTensor,
// source/tensor/core/getandset/OnehotAndIndex.cu, launched by _CudaIndexToOnehot in the same file
// (the GPU path of NiuTensor's IndexToOnehot: a tensor of word indexes turned into the one-hot,
// label-smoothed gold distributions that NiuTrans' cross-entropy training compares the decoder's
// output with)) (blind check set 80: written after calibration, never fitted on). As in NiuTensor:
// i = blockDim.x blockIdx.x + threadIdx.x the index (a row of the one-hot tensor, stride values
// long) and offset = blockDim.y blockIdx.y + threadIdx.y the position in that row; outside
// blockNum x stride a return; the row's index id = indexData[i], and only the thread whose
// offset equals it stores confidence at onehotData[i stride + offset] (the source's store of
// lowconfidence elsewhere is commented out: the rest of the row keeps its values); the host's
// GetCudaThread2D(blockNum, stride): min(blockNum, 1024) rounded up to a power of two threads
// along x (1,024 here) by 1024 / that along y (1), on cdiv(blockNum, bx) x cdiv(stride, by)
// blocks. Departures: the block the sweep's, any shape (x the index, y*z the offset, z folded
// in); DTYPE as float; the row offset in 64 bits. Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: one store of a scalar. 2-D:
// x -> the index (a thread's row 40 KB from its x neighbours': NOT the contiguous axis), y*z ->
// the offset in the row (contiguous); a 4 B index load a thread, a 4 B store where it matches.
#include "common.cuh"

extern "C" __global__ void niutensor_index_to_onehot(float* onehotData, const int* indexData,
                                                     int blockNum, int stride, float confidence,
                                                     float lowconfidence) {
    const int i = ga_col();       // which index: a row of the one-hot tensor
    const int offset = ga_row();  // where in that row
    if (i >= blockNum || offset >= stride) return;
    float* row = onehotData + (long long)i * stride;
    const int id = indexData[i];
    if (offset == id) row[offset] = confidence;  // the off values (lowconfidence) left as they are
    (void)lowconfidence;
}
