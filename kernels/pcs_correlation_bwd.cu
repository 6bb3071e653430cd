// Pytorch-Correlation-extension's correlation_cuda_backward_kernel_input1<float>
// (ClementPinard/Pytorch-Correlation-extension, Correlation_Module/correlation_cuda_kernel.cu,
// launched by correlation_cuda_backward in the same file behind spatial_correlation_sampler's
// SpatialCorrelationFunction.backward: the gradient of the FlowNetC-style correlation cost
// volume with respect to its first feature map) (blind check set 89: written after
// calibration, never fitted on). As in the source: one block an input value, c = blockIdx.x,
// h = blockIdx.y, w = blockIdx.z of the batch item n the host loops over; the block's threads
// share the patch, ph from threadIdx.x and pw from threadIdx.y each stepping by the block's
// extent; for an in-bounds i1 = h + dilation (ph - (patchH - 1) / 2), j1 likewise, val =
// input2[n][c][i1][j1] is multiplied with every gradOutput[n][ph][pw][i2][j2] whose window
// (kH x kW, stride dH x dW, padding padH x padW) held (h, w), i2 = (h + padH) / dH - i for
// (h + padH) % dH + i dH below kH (j2 likewise), summed into the thread's shared slot; after a
// barrier thread 0 adds the slots up and stores gradInput1[n][c][h][w]; the host's
// THREADS_BACKWARD x THREADS_BACKWARD = 5 x 5 threads on C x iH x iW blocks. Departures: the
// block the sweep's, any shape (x the patch row, y*z the patch column with z folded in, the
// shared slots one a thread in dynamic shared memory), the packed accessors as flat NCHW
// pointers with 64-bit offsets, float only. Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: sums of products of whole
// numbers far below 2^24. 2-D, shared memory, a per-block work split: x is not the contiguous
// dimension (a warp's lanes patchW oH oW * 4 B apart in gradOutput), each thread a loop over
// its share of the patch, one 4 B gather of input2 and 4 B gradOutput loads per window
// position, then a 4 B shared store; thread 0 a loop over the block's slots and a 4 B store.
#include "common.cuh"

extern "C" __global__ void pcs_correlation_bwd(const float* gradOutput, const float* input2,
                                               float* gradInput1, int batch, int C, int iH,
                                               int iW, int H, int W, int kH, int kW,
                                               int patchH, int patchW, int padH, int padW,
                                               int dilation_patchH, int dilation_patchW,
                                               int dH, int dW) {
    extern __shared__ float pcs_slots[];
    const int c = blockIdx.x;
    const int h = blockIdx.y;
    const int w = blockIdx.z;
    const int rows = ga_block_rows();
    const int ph0 = threadIdx.x;
    const int pw0 = ga_row_in_block();
    const int tid = ga_tid();
    const int radH = (patchH - 1) / 2;
    const int radW = (patchW - 1) / 2;
    const int hp = h + padH;
    const int wp = w + padW;
    const int si = hp / dH;
    const int sj = wp / dW;
    const int hoff = hp - si * dH;
    const int woff = wp - sj * dW;
    const long long plane = (long long)H * W;
    const float* go = gradOutput + (long long)batch * patchH * patchW * plane;
    const float* in2 = input2 + ((long long)batch * C + c) * iH * iW;
    float acc = 0.0f;
    for (int ph = ph0; ph < patchH; ph += blockDim.x) {
        const int i1 = h + dilation_patchH * (ph - radH);
        for (int pw = pw0; pw < patchW; pw += rows) {
            const int j1 = w + dilation_patchW * (pw - radW);
            if (i1 < 0 || i1 >= iH || j1 < 0 || j1 >= iW) continue;
            const float v = in2[(long long)i1 * iW + j1];
            const float* g = go + ((long long)ph * patchW + pw) * plane;
            int i = 0;
            for (int t1 = hoff; t1 < kH; t1 += dH, ++i) {
                const int i2 = si - i;
                int j = 0;
                for (int t2 = woff; t2 < kW; t2 += dW, ++j) {
                    const int j2 = sj - j;
                    if (i2 >= 0 && i2 < H && j2 >= 0 && j2 < W) acc += g[(long long)i2 * W + j2] * v;
                }
            }
        }
    }
    pcs_slots[tid] = acc;
    __syncthreads();
    if (tid == 0) {
        float total = 0.0f;
        const int n = ga_nthreads();
        for (int k = 0; k < n; ++k) total += pcs_slots[k];
        gradInput1[(((long long)batch * C + c) * iH + h) * iW + w] = total;
    }
}
