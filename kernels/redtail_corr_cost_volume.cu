// Redtail stereoDNN's corrCostVolumeKernel<float> (NVIDIA-AI-IOT/redtail,
// stereoDNN/lib/kernels.cu, launched by CudaKernels::computeCorrCostVolume in the same file
// behind the TensorRT plugin that builds the correlation cost volume of redtail's 2-D stereo
// networks: for each disparity d and left-image pixel, the dot product over the feature
// channels of the left features with the right features d columns to the left) (blind check
// set 103: written after calibration, never fitted on). As in redtail: ix and iy from the x
// and y thread indices, nothing at or past the map's width or height, the disparity pad =
// blockIdx.z; val = 0, and where ix >= pad the sum over the c channels of left[ch h w + iy w +
// ix] right[ch h w + iy w + ix - pad] (both pointers stepping h w a channel); dst[pad h w + iy
// w + ix] = val; the host's 16 x 16 threads on getBlockCount(w, 16) x getBlockCount(h, 16) x
// the disparity count blocks. Departures: the block the sweep's, any shape (x the column, y*z
// the row with z folded in); 64-bit offsets. Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: whole-number products and
// sums far below 2^24. 2-D, no shared memory, a per-thread loop over the channels: two 4 B
// loads a channel (a warp's 128 B contiguous each, the right one shifted by pad columns), the
// channels h w * 4 B apart, and a 4 B store (a warp's 128 B contiguous).
#include "common.cuh"

extern "C" __global__ void redtail_corr_cost_volume(const float* left, const float* right,
                                                    int c, int h, int w, int disp, float* dst) {
    const int ix = ga_col();
    const int iy = ga_row();
    if (ix >= w || iy >= h) return;
    const int pad = blockIdx.z;
    const long long stride = (long long)h * w;
    float val = 0.0f;
    if (ix >= pad) {
        const float* pl = left + (long long)iy * w + ix;
        const float* pr = right + (long long)iy * w + ix - pad;
        for (int ch = 0; ch < c; ch++) {
            val += *pl * *pr;
            pl += stride;
            pr += stride;
        }
    }
    dst[pad * stride + (long long)iy * w + ix] = val;
}
