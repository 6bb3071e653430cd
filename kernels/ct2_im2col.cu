// CTranslate2's transposed im2col of a 1-D convolution, im2col_transposed_kernel<float>
// (OpenNMT/CTranslate2, src/ops/conv1d_gpu.cu, launched by Conv1D::compute<Device::CUDA, float>
// in the same file before its batched GEMM: ops::Conv1D, the convolutional front end of the
// Whisper encoder (layers::WhisperEncoder's conv1 and conv2 in src/layers/whisper.cc, as
// faster-whisper runs it)) (blind check set 75: written after calibration, never fitted on).
// As in CTranslate2: idx = blockIdx.x blockDim.x + threadIdx.x the column of the GEMM operand
// (channel c_offset = idx / kernel_size, tap k_offset the remainder), idx >= k a return;
// blockIdx.y the output step ti_idx, blockIdx.z the (batch, group) pair; window_i = dilation
// k_offset + ti_idx stride - padding; output[(batch_group output_length + ti_idx) k + idx] =
// the input at batch_idx in_batch_stride + group_idx in_group_stride + c_offset input_length +
// window_i, or 0 outside the sequence; the host's 256 threads on cdiv(k, 256) x output_length
// x batch groups blocks. Departures: the block the sweep's, any shape (linearized: the grid's
// x cdiv(k, threads) blocks). Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: copies. 1-D: one thread a value of
// the operand's row, one grid row an output step.
#include "common.cuh"

extern "C" __global__ void ct2_im2col(const float* __restrict__ input,
                                      float* __restrict__ output, int batch_size,
                                      int in_channels, int input_length, int kernel_size,
                                      int stride, int padding, int dilation, int groups,
                                      int output_length, int k, int in_batch_stride,
                                      int in_group_stride) {
    const int col = (int)ga_linear();
    if (col >= k) return;
    const int chan = col / kernel_size;
    const int tap = col - chan * kernel_size;
    const int step = blockIdx.y;
    const int bg = blockIdx.z;
    const int b = bg / groups;
    const int g = bg - b * groups;
    const int pos = dilation * tap + (step * stride - padding);
    const int src = b * in_batch_stride + g * in_group_stride + chan * input_length + pos;
    const int dst = (bg * output_length + step) * k + col;
    output[dst] = pos >= 0 && pos < input_length ? input[src] : 0.0f;
}
