// The shifted-window partition of a Swin Transformer block, Swin's fused
// roll_and_window_partition_forward_cuda_kernel (microsoft/Swin-Transformer,
// kernels/window_process/swin_window_process_kernel.cu, behind WindowProcess.apply:
// torch.roll by -shift followed by window_partition, fused; every shifted-window block of
// every forward pass when the fused window process is on) (blind check set 55: written after
// calibration, never fitted on). As in Swin: the input [B, H, W, C] (channels last), the
// output [B nH nW, window_size, window_size, C], one block a token of a window (blockIdx.x
// its column and blockIdx.y its row in the window, blockIdx.z the window, its image
// blockIdx.z / (nH nW)), its threads the C channels, the source row (blockIdx.z % (nH nW)) /
// nW window_size + blockIdx.y - shift_size wrapped by + H and % H and the source column
// blockIdx.z % nW window_size + blockIdx.x - shift_size wrapped likewise (shift_size the
// roll's shift: Swin passes -shift), one 4 B load and one 4 B store a channel; the host's
// (window_size, window_size, B nH nW) grid of C threads. Departures: the block the sweep's,
// any shape (linearized: the threads take the channels tid, tid + threads, ..); T float and
// the input's __ldg a plain load. Written from memory. Exact: a copy. 1-D: the block is
// linearized, one block a token of a window.
#include "common.cuh"

extern "C" __global__ void swin_roll_partition(const float* input, float* output, const int B,
                                               const int H, const int W, const int C,
                                               const int shift_size, const int window_size,
                                               const int nH, const int nW) {
    // start
    const int index = ga_tid();
    int offset;
    for (int i = index; i < C; i += ga_nthreads()) {
        offset = ((blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x) * C + i;
        int input_offset =
            blockIdx.z / (nH * nW) * H * W * C +
            (blockIdx.z % (nH * nW) / nW * window_size + blockIdx.y - shift_size + H) % H * W *
                C +
            (blockIdx.z % nW * window_size + blockIdx.x - shift_size + W) % W * C + i;
        output[offset] = (float)(input[input_offset]);
    }
}
