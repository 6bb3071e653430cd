// The image derivatives of Horn and Schunck's optical flow, the CUDA Samples' HSOpticalFlow
// ComputeDerivativesKernel (derivativesKernel.cuh: the spatial derivatives of the source and
// target frames by the five-point central difference (1, -8, 0, 8, -1) / 12, averaged over the
// two frames, and the temporal derivative target - source), one pixel per thread (blind check
// set 26: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind26/ once recorded). The sample reads both frames through textures with
// normalized coordinates and cudaAddressModeMirror, fetching at texel centres (so its linear
// filter returns the texel itself); here the same taps are explicit 4 B loads with the mirror
// folded into the indices: -1 -> 0, -2 -> 1, n -> n - 1, n + 1 -> n - 2 (the edge texel
// repeated, OpenCV's BORDER_REFLECT). src and tgt are height x width float32 frames, rows
// stride elements apart; Ix, Iy and Iz likewise. With t0 = s(x - 2) - 8 s(x - 1) + 8 s(x + 1)
// - s(x + 2), accumulated in that order and divided by 12 (t1 the same on tgt), Ix = (t0 +
// t1) / 2; Iy the same along y; Iz = tgt - src. Per thread: 18 4 B loads (a warp's lanes
// along a row read neighbouring words: the x taps two words to either side, the y taps two
// rows above and below, L1 and L2 hits), two IEEE divisions by 12 per derivative, three
// contiguous 4 B stores. No shared memory. float32; integer frames: exact (each t an integer,
// t / 12 correctly rounded, the same in the reference). x -> column, y*z -> row.
#include "common.cuh"

__device__ __forceinline__ int hs_mirror(int i, int n) {  // cudaAddressModeMirror at texels
    return i < 0 ? -i - 1 : (i >= n ? 2 * n - 1 - i : i);
}

extern "C" __global__ void hs_derivatives(const float* __restrict__ src,
                                          const float* __restrict__ tgt, float* __restrict__ Ix,
                                          float* __restrict__ Iy, float* __restrict__ Iz,
                                          int width, int height, int stride) {
    const int ix = ga_col();
    const int iy = ga_row();
    if (ix >= width || iy >= height) {
        return;
    }
    const long long pos = ix + (long long)iy * stride;
    const long long row = (long long)iy * stride;
    const int xm2 = hs_mirror(ix - 2, width), xm1 = hs_mirror(ix - 1, width);
    const int xp1 = hs_mirror(ix + 1, width), xp2 = hs_mirror(ix + 2, width);
    float t0, t1;
    // x derivative
    t0 = src[row + xm2];
    t0 -= src[row + xm1] * 8.0f;
    t0 += src[row + xp1] * 8.0f;
    t0 -= src[row + xp2];
    t0 /= 12.0f;
    t1 = tgt[row + xm2];
    t1 -= tgt[row + xm1] * 8.0f;
    t1 += tgt[row + xp1] * 8.0f;
    t1 -= tgt[row + xp2];
    t1 /= 12.0f;
    Ix[pos] = (t0 + t1) * 0.5f;
    // t derivative
    Iz[pos] = tgt[pos] - src[pos];
    // y derivative
    const long long ym2 = (long long)hs_mirror(iy - 2, height) * stride + ix;
    const long long ym1 = (long long)hs_mirror(iy - 1, height) * stride + ix;
    const long long yp1 = (long long)hs_mirror(iy + 1, height) * stride + ix;
    const long long yp2 = (long long)hs_mirror(iy + 2, height) * stride + ix;
    t0 = src[ym2];
    t0 -= src[ym1] * 8.0f;
    t0 += src[yp1] * 8.0f;
    t0 -= src[yp2];
    t0 /= 12.0f;
    t1 = tgt[ym2];
    t1 -= tgt[ym1] * 8.0f;
    t1 += tgt[yp1] * 8.0f;
    t1 -= tgt[yp2];
    t1 /= 12.0f;
    Iy[pos] = (t0 + t1) * 0.5f;
}
