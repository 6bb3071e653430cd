// y = a * x + y over n float32 values with a grid-stride loop on a fixed grid (fixed-grid
// calibration set, issue 11 round 13), as code written for "launch enough blocks to fill the
// GPU, then loop" does: the grid is GRID blocks whatever the block size (the manifest's
// 1024), so the block size sets how many threads the whole launch has (1024 * threads) and
// how many values each thread handles (n / (1024 * threads)). Loads and stores are
// contiguous across the launch's threads. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void gridstride_axpy(const float* __restrict__ x, float* __restrict__ y,
                                           float a, long long n) {
    const long long stride = (long long)gridDim.x * ga_nthreads();
    for (long long i = ga_linear(); i < n; i += stride) {
        y[i] = a * x[i] + y[i];
    }
}
