// Bagua's reduce_chunk_inplace<block_dim_x, block_dim_y, float, true> (BaguaSys/bagua,
// rust/bagua-core/bagua-core-internal/kernels/bagua_kernels.cu, launched by
// reduce_chunk_inplace_host behind reduce_mean_f32_inplace_host in the same file: the mean of
// the num_chunks gradient chunks the ranks exchanged (one chunk a rank, after an all-to-all)
// written over the target chunk, the reduce step of Bagua's communication algorithms) (blind
// check set 87: written after calibration, never fitted on). As in Bagua: idx = blockIdx.x
// blockDim.x + threadIdx.x (the element within a chunk), idy = blockIdx.y blockDim.y +
// threadIdx.y; each thread sums input[chunk_size i + idx] over the chunks i from idy below
// num_chunks in steps of blockDim.y (while idx < chunk_size), stores its sum at
// sdata[threadIdx.x][threadIdx.y] in shared memory, a barrier, the sums halved over the block's
// rows (block_y_reduce: a barrier a step), then row 0 stores sdata[threadIdx.x][0] / num_chunks
// into the target chunk (input + target_chunk chunk_size) where idx < chunk_size; the host's
// block (512, 2), (256, 4), (128, 8), (64, 16) or (32, 32) for up to 4, 8, 16, 32 or more
// chunks on (cdiv(chunk_size, blockDim.x), 1) blocks. Departures: the block the sweep's, any
// shape (block_dim_y read as by*bz with z folded in, the rows' halving generalized to a row
// count that is not a power of two: each step from the next power of two down, a row adding
// the one s rows on where that exists; the static bx x by shared array as 4 bx by*bz B of
// dynamic shared memory in the same [x][row] layout); float only; the chunk offsets in 64
// bits. Reimplemented from the published source (its indexing, arithmetic and control flow;
// none of its text). Exact: sums of whole numbers, divided by 8 chunks (a power of two). 2-D,
// shared memory, a per-block work split: x the element (a warp's 4 B loads 128 B contiguous
// in each chunk), y*z the chunks, each row every by*bz-th chunk, then a shared-memory
// reduction over the block's rows and one 4 B store per column.
#include "common.cuh"

extern "C" __global__ void bagua_reduce_chunk(float* input, int chunk_size, int num_chunks,
                                              int target_chunk) {
    extern __shared__ float bg_sums[];  // [blockDim.x][rows], as the source's sdata[x][y]
    const int rows = ga_block_rows();
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();
    const int idx = blockIdx.x * blockDim.x + tx;
    const int idy = blockIdx.y * rows + ty;

    float acc = 0.0f;
    for (int c = idy; c < num_chunks && idx < chunk_size; c += rows) {
        acc += input[(long long)chunk_size * c + idx];
    }
    bg_sums[tx * rows + ty] = acc;
    __syncthreads();

    int span = 1;
    while (span < rows) span <<= 1;
    for (int s = span >> 1; s > 0; s >>= 1) {
        if (ty < s && ty + s < rows) {
            bg_sums[tx * rows + ty] += bg_sums[tx * rows + ty + s];
        }
        __syncthreads();
    }

    float* out = input + (long long)target_chunk * chunk_size;
    if (ty == 0 && idx < chunk_size) {
        out[idx] = bg_sums[tx * rows] / num_chunks;
    }
}
