// Sparse matrix-vector product y = A x with A in DIA (diagonal) form, CUSP's spmv_dia_kernel
// (cusp/detail/device/spmv/dia.h; Bell and Garland's DIA kernel, NVIDIA tech report
// NVR-2008-004 and SC'09) (blind check set 44: written after calibration, never fitted on).
// As in CUSP: a grid-stride loop over the rows (thread_id = BLOCK_SIZE blockIdx.x + tid,
// grid_size = BLOCK_SIZE gridDim.x) inside a loop over the diagonals in chunks of BLOCK_SIZE:
// the chunk's diagonal offsets staged in shared memory by the block's first chunk_size
// threads, a barrier, then per row sum = 0 for the first chunk (y[row] for the later ones),
// for each diagonal of the chunk the column row + offset, where it lies inside the matrix
// sum += values[row + pitch n] x[col] (the values stored diagonal by diagonal, pitch apart,
// so consecutive rows read consecutive values), y[row] = sum; a barrier before the next
// chunk's offsets. Departures: BLOCK_SIZE the block's threads, any shape (a template
// parameter with __launch_bounds__(BLOCK_SIZE, 1) in CUSP), the offsets one dynamic
// allocation of BLOCK_SIZE ints; x read directly (fetch_x with UseCache false, no texture);
// the grid capped at a fixed CAP blocks (CUSP's min(cdiv(rows, BLOCK_SIZE),
// max_active_blocks), here the max_active_blocks of its 256-thread blocks: 8 an SM).
// Written from memory. Integer-valued data: exact. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void cusp_dia_spmv(const int num_rows, const int num_cols,
                                         const int num_diagonals, const int pitch,
                                         const int* __restrict__ diagonal_offsets,
                                         const float* __restrict__ values,
                                         const float* __restrict__ x, float* __restrict__ y) {
    extern __shared__ int offsets[];

    const int BLOCK_SIZE = (int)ga_nthreads();
    const int tid = (int)ga_tid();
    const int thread_id = BLOCK_SIZE * blockIdx.x + tid;
    const int grid_size = BLOCK_SIZE * gridDim.x;

    for (int base = 0; base < num_diagonals; base += BLOCK_SIZE) {
        // read a chunk of the diagonal offsets into shared memory
        const int chunk_size = min(BLOCK_SIZE, num_diagonals - base);

        if (tid < chunk_size) offsets[tid] = diagonal_offsets[base + tid];

        __syncthreads();

        // process chunk
        for (int row = thread_id; row < num_rows; row += grid_size) {
            float sum = (base == 0) ? 0.0f : y[row];

            // index into values array
            int idx = row + pitch * base;

            for (int n = 0; n < chunk_size; n++) {
                const int col = row + offsets[n];

                if (col >= 0 && col < num_cols) {
                    const float A_ij = values[idx];
                    sum += A_ij * x[col];
                }

                idx += pitch;
            }

            y[row] = sum;
        }

        // wait until all threads are done reading offsets
        __syncthreads();
    }
}
