// Tacotron2's parseDecoderOutputKernel (NVIDIA/DeepLearningExamples,
// PyTorch/SpeechSynthesis/Tacotron2/trtis_cpp/src/trt/util/dataShuffler.cu, launched by
// DataShuffler::parseDecoderOutput in the same file: the TensorRT Tacotron2 decoder's output
// chunk, frames by batch x (mel channels + gate), split into per-utterance mel rows (each a
// channel's frames) and gate rows through a transposing shared-memory tile) (blind check set 98:
// written after calibration, never fitted on). As in the source: the input a chunkSize x
// batchSize (numChannels + 1) row-major matrix; each thread loads in[yIn][xIn] (x the column,
// y the frame) into the block's tile; a barrier; then each thread takes the transposed
// element: column xOut and frame yOut, and where xOut % (numChannels + 1) is not numChannels
// stores it at mel row xOut - xOut / (numChannels + 1), else at gate row
// xOut / (numChannels + 1), both chunkSize floats long; the host's TRANSPOSE_BLOCK_SIZE x
// TRANSPOSE_BLOCK_SIZE = 32 x 32 threads on ceil(cols / 32) x ceil(chunkSize / 32) blocks.
// Departures: the block any shape: the tile bx columns by by*bz frames (z folded into the
// rows) in dynamic shared memory, the store side reading the tile with the block's linear
// thread index split as (frame = t mod (by*bz), column = t / (by*bz)), which at a square block
// is the source's (threadIdx.x, threadIdx.y) swap; 64-bit offsets. Reimplemented from the
// published source (its indexing and control flow; none of its text). Exact: copies. 2-D,
// shared memory: x -> input column, y*z -> frame: a 4 B load (a warp's 128 B contiguous along
// the row), a barrier, a 4 B shared read and a 4 B store (a warp's lanes along a mel row's
// frames: 128 B contiguous at a square block).
#include "common.cuh"

extern "C" __global__ void taco2_parse_decoder(const float* matIn, float* matOut, float* gateOut,
                                               int batchSize, int chunkSize, int numChannels) {
    extern __shared__ float tile[];
    const int bx = blockDim.x;
    const int rows = ga_block_rows();
    const int ncols = batchSize * (numChannels + 1);
    const int nrows = chunkSize;

    const int x_in = ga_col();
    const int y_in = ga_row();
    if (x_in < ncols && y_in < nrows) {
        tile[ga_row_in_block() * bx + threadIdx.x] = matIn[(long long)y_in * ncols + x_in];
    }
    __syncthreads();

    const unsigned t = ga_tid();
    const int r = (int)(t % rows);
    const int c = (int)(t / rows);
    const int x_out = blockIdx.x * bx + c;
    const int y_out = blockIdx.y * rows + r;
    if (x_out < ncols && y_out < nrows) {
        const int group = numChannels + 1;
        const float v = tile[r * bx + c];
        if (x_out % group != numChannels) {
            matOut[(long long)(x_out - x_out / group) * nrows + y_out] = v;
        } else {
            gateOut[(long long)(x_out / group) * nrows + y_out] = v;
        }
    }
}
