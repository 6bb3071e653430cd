// Paddle-Lite's sequence padding, SequencePadKernel<float, kSeqToPad> (PaddlePaddle/Paddle-Lite,
// lite/backends/cuda/math/sequence_padding.cu, launched by SequencePadding in the same file: a
// LoD batch of variable-length sequences (rows of step_width values packed one after another)
// copied into a dense [seq_num, pad_seq_len, step_width] tensor, the rows past each sequence's
// end filled with the pad value; Paddle-Lite's CUDA sequence_pad kernel (its callers not read))
// (blind check set 84: written after calibration, never fitted on). As in Paddle-Lite: seq_idx
// = blockIdx.y the sequence, step_idx = blockIdx.x blockDim.y + threadIdx.y the padded row,
// seq_len = seq_offsets[seq_idx + 1] - seq_offsets[seq_idx]; a row below seq_len copied from
// (seq_offsets[seq_idx] + step_idx) step_width of the packed input to (seq_idx pad_seq_len +
// step_idx) step_width of the output, one below pad_seq_len (and past seq_len) filled with
// pad_value[0] (is_constant_pad) or pad_value[i], the row's step_width values from threadIdx.x
// in steps of blockDim.x; the host's min(roundup32(cdiv(step_width, 8)), 512) x (512 / that)
// threads (64 x 8 at step_width 512) on cdiv(pad_seq_len, blockDim.y) x seq_num blocks.
// Departures: the block the sweep's, any shape (x the value in the row, y*z the row, z folded
// in: blockDim.y read as by*bz); a row at or past pad_seq_len never copied (the source relies on
// pad_seq_len being the longest sequence's length); is_constant_pad an int; float only (one of
// its instantiations); the offsets in 64 bits. Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: copies. 2-D, a per-block
// work split: a block by*bz padded rows, each row's values looped over by its bx threads (a
// warp's 4 B loads and stores 128 B contiguous a row).
#include "common.cuh"

extern "C" __global__ void paddlelite_seq_pad(float* dst, const float* src, const float* pad_value,
                                              int is_constant_pad, const long long* seq_offsets,
                                              int seq_num, int pad_seq_len, int step_width) {
    const int seq_idx = blockIdx.y;
    const long long first = seq_offsets[seq_idx];
    const long long seq_len = seq_offsets[seq_idx + 1] - first;
    const long long step_idx = (long long)blockIdx.x * ga_block_rows() + ga_row_in_block();
    if (step_idx >= pad_seq_len) return;
    float* out = dst + ((long long)seq_idx * pad_seq_len + step_idx) * step_width;
    if (step_idx < seq_len) {
        const float* in = src + (first + step_idx) * step_width;
        for (int i = threadIdx.x; i < step_width; i += blockDim.x) out[i] = in[i];
    } else {
        for (int i = threadIdx.x; i < step_width; i += blockDim.x) {
            out[i] = is_constant_pad ? pad_value[0] : pad_value[i];
        }
    }
    (void)seq_num;
}
