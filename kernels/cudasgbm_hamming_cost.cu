// Cuda-SGBM's __shift_subtract_stack_base (alexarmbr/Cuda-SGBM, lib/sgbm_helper.cu, launched
// by device_shift_subtract_stack_base in the same file: semi-global block matching's
// matching-cost volume, the Hamming distance between a left pixel's 32-bit census code and
// the right image's code d pixels further along the same row, for every disparity d below
// D) (blind check set 113: written after calibration, never fitted on). As in Cuda-SGBM:
// j = threadIdx.x + blockIdx.x blockDim.x the column, i = threadIdx.y + blockIdx.y
// blockDim.y the row, ind = i cols + j; for d = 0 .. D - 1 the cost plane d at ind + d rows
// cols holds the bit count of R[(ind mod imsize) + d] xor L[ind mod imsize] (counted one bit
// at a time, a float running sum) where j + d < cols, else 1e7; the host's dim3(32, 32)
// threads on cdiv(cols, 32) x cdiv(rows, 32) blocks. Departures: the block any shape (x the
// column; y*z the row, z folded in), a bound on the row and column (the source has none:
// its 2,048 x 2,048 benchmark an exact multiple of 32), the disparity count an argument (the
// source's compile-time D, 101 in lib/sgbm_helper.cuh). Reimplemented from the published
// source (its indexing, arithmetic and control flow; none of its text). Exact: whole-number
// counts up to 32 and 1e7, all below 2^24. 2-D, no shared memory: per thread ND 4 B loads of
// the right codes (a warp's 128 B contiguous, shifted one code a disparity), ND 4 B loads of
// the same left code and ND 4 B stores (a warp's 128 B contiguous, the planes ROWS COLS 4 B
// apart), a data-dependent bit loop of up to 32 steps a disparity.
#include "common.cuh"

extern "C" __global__ void cudasgbm_hamming_cost(const unsigned* left, const unsigned* right,
                                                 float* cost, int rows, int cols,
                                                 int ndisp) {
    const int col = ga_col();
    const int row = ga_row();
    if (col >= cols || row >= rows) return;
    const int plane = rows * cols;
    int at = row * cols + col;
    for (int d = 0; d < ndisp; ++d) {
        float value = 1e7f;
        if (col + d < cols) {
            const int base = at % plane;
            unsigned diff = right[base + d] ^ left[base];
            float bits = 0.0f;
            while (diff != 0u) {
                bits += (float)(diff & 1u);
                diff >>= 1;
            }
            value = bits;
        }
        cost[at] = value;
        at += plane;
    }
}
