// Kangaroo's KernCostVolMinimum<char, float> (arpg/Kangaroo, kangaroo/cu_dense_stereo.cu,
// launched by CostVolMinimum in the same file with the block and grid
// InitDimFromOutputImageOver sets in kangaroo/launch_utils.h: a stereo cost volume's
// winner-takes-all disparity, each pixel's cheapest disparity among those that stay inside
// the image) (blind check set 113: written after calibration, never fitted on). As in
// Kangaroo: x = blockIdx.x blockDim.x + threadIdx.x, y likewise; the best disparity starts
// at 0 with the cost vol(x, y, 0); for d from 1 below min(maxDisp, x + 1) a cost strictly
// below the best so far (the first of equal costs kept) becomes the best; disp(x, y) the
// best d; the volume's plane d at d h pitch, its row y at y pitch; the host's default
// dim3(32, 32) threads on ceil(w / 32) x ceil(h / 32) blocks. Departures: the block any
// shape (x the column; y*z the row, z folded in), a bound on the pixel (the source has
// none: its over-sized grid writes past the image unless w and h are multiples of 32), the
// disparity image int32 (the source's char: the manifest has no 8-bit type), the volume
// dense (the source's pitched rows), float costs only (int, unsigned, unsigned short and
// unsigned char volumes also instantiated). Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: comparisons and whole
// disparities. 2-D, no shared memory: per thread up to ND 4 B cost loads (a warp's 128 B
// contiguous, the planes H W 4 B apart; the threads of the first ND - 1 columns fewer) and
// one 4 B store.
#include "common.cuh"

extern "C" __global__ void kangaroo_costvol_min(int* disp, const float* vol, int w, int h,
                                                unsigned max_disp) {
    const int x = ga_col();
    const int y = ga_row();
    if (x >= w || y >= h) return;
    const long long plane = (long long)w * h;
    const long long at = (long long)y * w + x;
    int best_d = 0;
    float best_c = vol[at];
    const unsigned limit = min(max_disp, (unsigned)x + 1u);
    for (unsigned d = 1; d < limit; ++d) {
        const float c = vol[d * plane + at];
        if (c < best_c) {
            best_c = c;
            best_d = (int)d;
        }
    }
    disp[at] = best_d;
}
