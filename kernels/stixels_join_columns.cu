// Stixels' JoinColumns (dhernandez0/stixels, StixelsKernels.cu, launched by Stixels::Compute in
// Stixels.cu: the first step of Hernandez-Juarez et al.'s GPU stixel computation, each group of
// column_step disparity columns averaged into one stixel column and stored transposed and
// flipped (a column of rows bottom-up a row of the output), for the per-column dynamic
// programming that follows) (blind check set 97: written after calibration, never fitted on).
// As in Stixels: idx = blockIdx.x blockDim.x + threadIdx.x, row = idx / real_cols, col = idx
// mod real_cols, nothing past real_cols rows; the mean path (median_step false, main.cu's
// setting): mean = the sum over i < step_size of d_disparity[row cols + col step_size + i +
// width_margin], in order, then d_out[col rows + rows - row - 1] = mean / step_size; the host's
// 256 threads on divUp(rows real_cols, 256) blocks. Departures: the block the sweep's, any
// shape (linearized); the median branch (median_step, off in main.cu) left out: its
// 16-entry per-thread sort array would need a stack frame; 64-bit offsets. Reimplemented from
// the published source (its indexing, arithmetic and control flow; none of its text). Exact:
// whole-number disparities summed exactly, then one correctly rounded float division by
// step_size (IEEE division in the kernel, built without fast math, and in NumPy). 1-D, no
// shared memory: each thread step_size 4 B loads (a warp's lanes step_size 4 B apart, the loop
// covering 32 step_size 4 B contiguous) and one 4 B store (a warp's lanes rows 4 B apart: the
// transposed store).
#include "common.cuh"

extern "C" __global__ void stixels_join_columns(const float* d_disparity, float* d_out,
                                                int step_size, int width_margin, int rows,
                                                int cols, int real_cols) {
    const long long idx = ga_linear();
    if (idx >= (long long)real_cols * rows) return;
    const int row = (int)(idx / real_cols);
    const int col = (int)(idx % real_cols);
    const float* src = d_disparity + (long long)row * cols + (long long)col * step_size +
                       width_margin;
    float mean = 0.0f;
    for (int i = 0; i < step_size; i++) mean += src[i];
    d_out[(long long)col * rows + rows - row - 1] = mean / step_size;
}
