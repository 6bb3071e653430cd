// The horizontal pass of a box filter by running sums, one image row per thread, the CUDA
// Samples' boxFilter d_boxfilter_x_global with d_boxfilter_x (Samples/2_Concepts_and_Techniques/
// boxFilter/boxFilter_kernel.cu) (blind check set 37: written after calibration, never fitted
// on). As in the sample: y = blockIdx.x blockDim.x + threadIdx.x, the thread's row of id and od;
// scale = 1 / (2 r + 1); the left edge: t = id[0] r plus id[0..r], od[0], then for x in 1..r t
// gains id[x + r] and loses id[0]; the main loop: t gains id[x + r] and loses id[x - r - 1];
// the right edge: t gains id[w - 1] and loses id[x - r - 1]; od[x] = t scale each step (the
// border clamped: replicate). Departures: the sample's height / nthreads blocks of nthreads
// (its default 64) threads become cdiv(height, threads) blocks of any shape (linearized) with a
// bound test on y (the sample needs height to be a multiple of nthreads); y as an int. Written
// from memory of the sample. 1-D: one row per thread; the warp's threads walk 32 rows w
// floats apart in step (each load and store of a warp 32 sectors, reused over 8 steps).
#include "common.cuh"

// process row
__device__ void d_boxfilter_x(const float* id, float* od, int w, int h, int r) {
    float scale = 1.0f / (float)((r << 1) + 1);

    float t;
    // do left edge
    t = id[0] * r;

    for (int x = 0; x < (r + 1); x++) {
        t += id[x];
    }

    od[0] = t * scale;

    for (int x = 1; x < (r + 1); x++) {
        t += id[x + r];
        t -= id[0];
        od[x] = t * scale;
    }

    // main loop
    for (int x = (r + 1); x < w - r; x++) {
        t += id[x + r];
        t -= id[x - r - 1];
        od[x] = t * scale;
    }

    // do right edge
    for (int x = w - r; x < w; x++) {
        t += id[w - 1];
        t -= id[x - r - 1];
        od[x] = t * scale;
    }
}

extern "C" __global__ void cus_boxfilter_x(const float* id, float* od, int w, int h, int r) {
    const int y = (int)ga_linear();
    if (y < h) d_boxfilter_x(&id[(long long)y * w], &od[(long long)y * w], w, h, r);
}
