// GANet's lga_filtering_forward (feihuzhang/GANet, libs/GANet/src/GANet_kernel.cu, launched by
// lga_forward and lga3d_forward in the same file: the local guided aggregation of GA-Net's
// stereo matching, each cost-volume value replaced by the sum of its 3 x wsize x wsize
// neighbourhood over disparities, rows and columns, weighted by the guidance net's per-pixel
// filters) (blind check set 92: written after calibration, never fitted on). As in GANet:
// index = blockIdx.x blockDim.x + threadIdx.x below n (the input's numel; leaving past it),
// step = height width, wsize = 2 radius + 1, fbase = index / (step channel) (3 step wsize^2)
// + index % step, row, col and depth (the channel, the disparity) from the index; for d in
// -1..1, r and c in -radius..radius, shift = r width + c + d step where the neighbour lies
// inside (row, col, depth), else 0 (the value itself), top_data[index] += bottom_data[index +
// shift] filters[fbase + ((d + 1) wsize^2 + (r + radius) wsize + c + radius) step] (each term
// read and written back in global memory, as in the source); the host's CUDA_NUM_THREADS = 256
// threads on cdiv(n, 256) blocks, the output zeroed before. Departures: the block the
// sweep's, any shape (linearized); offsets in 64 bits past the index. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// products and sums of small whole numbers far inside float32's 24 bits. 1-D, no shared
// memory, a per-thread loop: one thread a cost value, 3 wsize^2 terms each of a 4 B neighbour
// load (a warp's 128 B contiguous, shifted), a 4 B filter load (a warp's 128 B contiguous,
// the filter planes step values apart) and a 4 B read-modify-write of its output (a warp's
// 128 B).
#include "common.cuh"

extern "C" __global__ void ganet_lga(int n, const float* bottom_data, const float* filters,
                                     int height, int width, int channel, int radius,
                                     float* top_data) {
    const long long index = ga_linear();
    if (index >= n) return;
    const int step = height * width;
    const int wsize = 2 * radius + 1;
    const long long fbase =
        index / ((long long)step * channel) * ((long long)step * wsize * wsize * 3) +
        index % step;
    const int row = (int)(index % step / width);
    const int col = (int)(index % width);
    const int depth = (int)(index / step % channel);
    for (int d = -1; d <= 1; ++d) {
        for (int r = -radius; r <= radius; ++r) {
            for (int c = -radius; c <= radius; ++c) {
                const int rr = row + r;
                const int cc = col + c;
                const int dd = depth + d;
                long long shift = 0;
                if (rr >= 0 && cc >= 0 && dd >= 0 && rr < height && cc < width && dd < channel)
                    shift = (long long)r * width + c + (long long)d * step;
                const int slot = (d + 1) * wsize * wsize + (r + radius) * wsize + c + radius;
                top_data[index] += bottom_data[index + shift] *
                                   filters[fbase + (long long)slot * step];
            }
        }
    }
}
