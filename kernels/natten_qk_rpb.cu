// The attention logits of 2-D neighborhood attention, NATTEN's naive QK+RPB forward kernel
// (natten2dqkrpb_cuda_forward_kernel_fp32 in natten/csrc/cuda: Hassani et al.'s Neighborhood
// Attention Transformer, each pixel attending to the kernel_size x kernel_size window around
// it, the window shifted inwards at the borders so that it always holds kernel_size^2
// pixels, plus a relative positional bias), one logit per thread (blind check set 25: written
// after calibration, never fitted on; its sweeps go to fixtures/hopper/blind25/ once
// recorded). query and key are batch x heads x height x width x dim float32 (channels last, so
// a pixel's dim values are one contiguous row), rpb is heads x (2 K - 1) x (2 K - 1), attn is
// batch x heads x height x width x K^2 with K = kernel_size odd and NS = K / 2. For pixel (i,
// j) and neighbour (ki, kj): the window starts at ni0 = max(i - NS, 0) + (i + NS >= height)
// (height - i - NS - 1) (get_window_start with dilation 1; columns likewise), the key pixel
// is (ni0 + ki, nj0 + kj), the bias rpb[h][pi + ki][pj + kj] with pi = NS + (i < NS) (NS - i)
// + (i + NS >= height) (height - i - 1 - NS) (get_pb_start), and attn = the dot product of
// the two dim-long rows plus the bias. NATTEN maps x to the pixel, y to the neighbour and z
// to batch x head; here the same logits as a matrix of batch heads height rows and width K^2
// columns: x -> column (j, ki, kj), y*z -> row (b, h, i). Per thread: the window arithmetic,
// then dim steps of two 4 B loads (its query row, shared by the K^2 lanes of a pixel: L1
// broadcasts; its key row, K consecutive pixels' rows for the lanes of one ki: L1 and L2
// hits, every key row read K^2 times) and an FMA, one 4 B bias load (L1) and one coalesced
// 4 B store. No shared memory. float32, integer test data: exact (|dot| < 2^24). x -> column
// j K^2 + ki K + kj, y*z -> row (b heads + h) height + i.
#include "common.cuh"

extern "C" __global__ void natten_qk_rpb(const float* __restrict__ query,
                                         const float* __restrict__ key,
                                         const float* __restrict__ rpb, float* __restrict__ attn,
                                         int rows, int heads, int height, int width, int dim,
                                         int kernel_size) {
    const int col = ga_col();
    const int row = ga_row();
    const int kk2 = kernel_size * kernel_size;
    if (row >= rows || col >= width * kk2) {
        return;
    }
    const int ns = kernel_size / 2;  // NEIGHBORHOOD_SIZE
    const int j = col / kk2;
    const int kk = col - j * kk2;
    const int ki = kk / kernel_size;
    const int kj = kk - ki * kernel_size;
    const int i = row % height;
    const int bh = row / height;  // b * heads + h
    const int h = bh % heads;
    // get_window_start and get_pb_start, dilation 1
    const int ni = max(i - ns, 0) + (i + ns >= height) * (height - i - ns - 1);
    const int nj = max(j - ns, 0) + (j + ns >= width) * (width - j - ns - 1);
    const int pi = ns + (i < ns) * (ns - i) + (i + ns >= height) * (height - i - 1 - ns);
    const int pj = ns + (j < ns) * (ns - j) + (j + ns >= width) * (width - j - 1 - ns);
    const long long plane = (long long)bh * height;
    const float* q = query + ((plane + i) * width + j) * dim;
    const float* k = key + ((plane + ni + ki) * width + nj + kj) * dim;
    float updt = 0.0f;
    for (int d = 0; d < dim; ++d) {
        updt += q[d] * k[d];
    }
    const int rpb_size = 2 * kernel_size - 1;
    updt += rpb[((long long)h * rpb_size + pi + ki) * rpb_size + pj + kj];
    attn[((plane + i) * width + j) * kk2 + kk] = updt;
}
