// Sonic AWE's calculateSlopeKernel (gustafsson/freq, heightmap-slope.cu, launched by
// cudaCalculateSlopeKernel in the same file with an 8 x 8 block on cdiv(width, 8) x
// cdiv(height, 8) blocks: an audio analysis tool's spectrogram heightmap, the slope of each
// cell taken for the 3-D rendering's shading; adapted from the CUDA Samples' oceanFFT slope
// kernel, here with clamped one-sided differences at the edges) (blind check set 116:
// written after calibration, never fitted on). As in Sonic AWE: x = blockIdx.x blockDim.x +
// threadIdx.x, y = blockIdx.y blockDim.y + threadIdx.y, threads past the width x height map
// do nothing; the offsets left = top = -1 and right = bottom = 1, each set to 0 on its own
// edge; the slope (h[i + right] - h[i + left]) / (right - left), (h[i + width bottom] -
// h[i + width top]) / (bottom - top) stored as one float2. Departures: the block any shape
// (x the column; y*z the row, z folded in), the output passed as float pairs (an 8 B-aligned
// pair, float2's layout, one 8 B store as in the source), signed 64-bit cell offsets (the
// source's unsigned arithmetic wraps to the same cells). Reimplemented from the published
// source (its indexing, arithmetic and control flow; none of its text). Exact: differences
// of whole numbers halved or not. 2-D, no shared memory: per thread four 4 B loads (the left
// and right neighbours in its row, a warp's 128 B contiguous shifted one cell; the cells
// above and below, a warp's 128 B contiguous a row away: reuse through L1 across the
// block's rows) and one 8 B store (a warp's 256 B contiguous).
#include "common.cuh"

struct alignas(8) freq_slope2 {
    float x, y;
};

extern "C" __global__ void freq_heightmap_slope(const float* h, float* slope_out, int width,
                                                int height) {
    const int x = ga_col();
    const int y = ga_row();
    if (x >= width || y >= height) return;
    const long long i = (long long)y * width + x;
    int top = -1, left = -1, bottom = 1, right = 1;
    if (x == 0) left = 0;
    if (y == 0) top = 0;
    if (x == width - 1) right = 0;
    if (y == height - 1) bottom = 0;
    freq_slope2 s;
    s.x = (h[i + right] - h[i + left]) / (right - left);
    s.y = (h[i + (long long)width * bottom] - h[i + (long long)width * top]) / (bottom - top);
    reinterpret_cast<freq_slope2*>(slope_out)[i] = s;
}
