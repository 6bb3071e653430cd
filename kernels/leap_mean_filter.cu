// LEAP's 3-D moving-average filter, meanFilterKernel (LLNL/LEAP, src/noise_filters.cu, launched
// by momentFilter with order 1 in the same file, behind tomographicModels::MeanOrVarianceFilter
// in src/tomographic_models.cpp: leapct.MeanFilter, the (2r + 1)^3 mean of a reconstructed CT
// volume, or of any C-contiguous 3-D array, around each of its values) (blind check set 75:
// written after calibration, never fitted on). As in LEAP: i = threadIdx.x + blockIdx.x
// blockDim.x the slice (the array's first, slowest axis: N.y N.z values apart), j (y) the row,
// k (z) the column (the contiguous axis); out of range a return; a slice outside [sliceStart,
// sliceEnd] stored as 0; the window clipped at the array's faces (di from -min(i, r) to
// min(N.x - 1 - i, r), dj and dk alike), its values summed in the order di, dj, dk and the sum
// divided by the window's count; 64-bit (uint64) offsets; the host's setBlockSize 8 x 8 x 8
// threads on cdiv(N.x, 8) x cdiv(N.y, 8) x cdiv(N.z, 8) blocks. Departures: the block the
// sweep's, any shape (x the slice i, as in LEAP; the block's rows, z folded into y, the column
// k; one row j a layer of the grid, its z); the uint64 offsets as unsigned long long.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: whole-number values, sums far below 2^24, one correctly rounded division.
// 2-D: x -> slice (planes 1 MiB apart), y*z -> column (contiguous), the grid's z the row.
#include "common.cuh"

extern "C" __global__ void leap_mean_filter(const float* f, float* f_filtered, int nx, int ny,
                                            int nz, int r, int slice_start, int slice_end) {
    const int i = ga_col();
    const int k = ga_row();
    const int j = blockIdx.z;
    if (i >= nx || j >= ny || k >= nz) return;
    const unsigned long long plane = (unsigned long long)(ny * nz);
    const unsigned long long here = (unsigned long long)i * plane + (unsigned long long)(j * nz + k);
    if (i < slice_start || i > slice_end) {
        f_filtered[here] = 0.0f;
        return;
    }
    const int lo_i = -min(i, r), hi_i = min(nx - 1 - i, r);
    const int lo_j = -min(j, r), hi_j = min(ny - 1 - j, r);
    const int lo_k = -min(k, r), hi_k = min(nz - 1 - k, r);
    float total = 0.0f;
    for (int di = lo_i; di <= hi_i; di++) {
        for (int dj = lo_j; dj <= hi_j; dj++) {
            for (int dk = lo_k; dk <= hi_k; dk++) {
                total += f[(unsigned long long)(i + di) * plane +
                           (unsigned long long)((j + dj) * nz + (k + dk))];
            }
        }
    }
    const int count = (hi_i - lo_i + 1) * (hi_j - lo_j + 1) * (hi_k - lo_k + 1);
    f_filtered[here] = total / (float)count;
}
