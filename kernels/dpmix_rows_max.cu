// dpmix's apply_rows_max (andrewcron/dpmix, src/cufiles/apply_rows_max.cu, launched by
// gpu_apply_row_max in src/cuda_functions.py with block (blocksize, blocksize, 1), blocksize
// 32 where the device allows 1,024 threads a block, on int(rows / blocksize) + 1 blocks and
// 4 blocksize (blocksize + 2) bytes of shared memory: a Dirichlet-process mixture-model
// sampler's row-wise maximum of an n x k row-major matrix of per-component log-densities, its
// value and first position (the log-sum-exp shift and the MAP component of each data point))
// (blind check set 122: written after calibration, never fitted on). As in the source: the
// block's bdx rows from currow = bdx blockIdx.x; for each chunk of bdx columns the rows'
// values staged transposed into a (bdx + 1)-padded shared tile, a barrier, then the threads
// of the block's first row (thidy 0), one a row, scanning the chunk's columns in order: the
// first column's value taken at chunk 0, a later value kept only when strictly greater (its
// column the argmax), another barrier; finally y[row] the maximum and iy[row] its column.
// Departures: the block any shape (x the row of the scan, y*z folded, the scanning threads
// those with y*z index 0); the tile staged by the block's linear thread index t (row t / bdx,
// column t % bdx) in a loop over the bdx x bdx tile (at a square bdx x bdx block exactly the
// source's thidy and thidx; the source assumes blockDim.y == blockDim.x); 64-bit offsets.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none
// of its text). Exact: float compares and copies. 2-D, shared memory: per thread about one
// 4 B load a chunk (a warp's 32 consecutive columns of one row, 128 B) into the padded tile,
// two barriers a chunk, then one warp-row of bdx threads scanning bdx shared values each.
#include "common.cuh"

extern "C" __global__ void dpmix_rows_max(const float* X, float* y, int* iy, int rows,
                                          int cols) {
    extern __shared__ float shared_data[];
    const unsigned bdx = blockDim.x;
    const unsigned stride = bdx + 1;
    const unsigned currow = bdx * blockIdx.x;
    const unsigned thidx = threadIdx.x;
    const bool first_row = ga_row_in_block() == 0;
    float* sh_max = shared_data + bdx * stride;
    const unsigned tile = bdx * bdx;
    int argmax = 0;
    for (int chunk = 0; chunk < cols; chunk += bdx) {
        for (unsigned t = ga_tid(); t < tile; t += ga_nthreads()) {
            const unsigned r = t / bdx;
            const unsigned c = t % bdx;
            if (currow + r < (unsigned)rows && chunk + c < (unsigned)cols) {
                shared_data[c * stride + r] = X[(long long)(currow + r) * cols + chunk + c];
            }
        }
        __syncthreads();
        if (first_row && thidx + currow < (unsigned)rows) {
            if (chunk == 0) sh_max[thidx] = shared_data[thidx];
            for (int i = 0; i < (int)bdx; i++) {
                if (chunk + i < cols) {
                    const float cur_val = sh_max[thidx];
                    const float new_val = shared_data[i * stride + thidx];
                    if (cur_val < new_val) {
                        sh_max[thidx] = new_val;
                        argmax = chunk + i;
                    }
                }
            }
        }
        __syncthreads();
    }
    if (thidx + currow < (unsigned)rows && first_row) {
        y[currow + thidx] = sh_max[thidx];
        iy[currow + thidx] = argmax;
    }
}
