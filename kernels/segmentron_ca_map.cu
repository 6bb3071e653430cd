// SegmenTron's ca_map_forward_kernel (LikeLy-Journey/SegmenTron,
// segmentron/modules/csrc/criss_cross_attention/ca_cuda.cu, launched by ca_map_forward_cuda in
// the same file: the aggregation step of CCNet's criss-cross attention, each pixel's output
// the sum of the values in its row and its column weighted by the pixel's H + W - 1 attention
// weights) (blind check set 92: written after calibration, never fitted on). As in SegmenTron:
// x = blockIdx.x blockDim.x + threadIdx.x (the column), y = blockIdx.y blockDim.y +
// threadIdx.y (the row), plane = blockIdx.z (the channel); where x < width, y < height and
// plane < chn, for each batch, out[b, plane, y, x] += g[b, plane, y, i] weight[b, i, y, x]
// for every column i, then for every row i other than y, with j = i or i - 1 past y,
// out[b, plane, y, x] += g[b, plane, i, x] weight[b, width + j, y, x] (the sum kept in
// global memory, read and written back each term, as in the source); the host's 32 x 32
// threads on cdiv(w, 32) x cdiv(h, 32) x c blocks, out zeroed (at::zeros_like) before.
// Departures: the block the sweep's, any shape (z folded into the rows); float only (the
// source's AT_DISPATCH_FLOATING_TYPES); offsets in 64 bits. Reimplemented from the published
// source (its indexing, arithmetic and control flow; none of its text). Exact: products and
// sums of small whole numbers far inside float32's 24 bits. 2-D, no shared memory, a
// per-thread loop: x the column (a warp's 4 B weight loads and out updates 128 B contiguous,
// its row-pass g loads one broadcast, its column-pass g loads 128 B contiguous, rows 4 W B
// apart), y*z the row, grid z the channel; H + W - 1 terms a batch.
#include "common.cuh"

extern "C" __global__ void segmentron_ca_map(const float* weight, const float* g, float* out,
                                             int num, int chn, int height, int width) {
    const int x = ga_col();
    const int y = ga_row();
    const int plane = blockIdx.z;
    const long long sp = (long long)height * width;
    const int len = height + width - 1;
    if (x >= width || y >= height || plane >= chn) return;
    const long long pix = (long long)y * width + x;
    for (int b = 0; b < num; ++b) {
        const float* gp = g + ((long long)b * chn + plane) * sp;
        const float* wp = weight + (long long)b * len * sp + pix;
        float* o = out + ((long long)b * chn + plane) * sp + pix;
        for (int i = 0; i < width; ++i) {
            *o += gp[(long long)y * width + i] * wp[i * sp];
        }
        for (int i = 0; i < height; ++i) {
            if (i == y) continue;
            const int j = i < y ? i : i - 1;
            *o += gp[(long long)i * width + x] * wp[(width + j) * sp];
        }
    }
}
