// Weight normalization along the last dimension, w = g v / ||v||, PyTorch's
// weight_norm_fwd_last_dim_kernel (aten/src/ATen/native/cuda/WeightNorm.cu, what
// torch._weight_norm(v, g, dim=-1) runs on CUDA: one norm per column of the fast, contiguous
// dimension over all the slower ones) (blind check set 42: written after calibration, never
// fitted on). As in PyTorch: x -> the column (fast_dim_location), the threads of a column (y)
// walking its rows blockDim.y apart; each thread's sum of squares; the block reduced to one sum
// per column in shared memory (reduce_block_into_lanes with lanes = blockDim.x, the shared
// buffer blockDim.x blockDim.y accumulators and blockDim.x more for rnorm); the block's first
// row storing norms[col] = sqrt(sum) and rnorm = 1 / norm in shared memory; a barrier; then
// the column's threads walk its rows again storing w = g[col] v rnorm. The grid covers the
// columns only: cdiv(fast_dim_size, blockDim.x) blocks (PyTorch launches 16 x 16 blocks), the
// rows looped over. Departures: reduce_block_into_lanes (a tree over the linear thread index
// down to 64 accumulators, then warp shuffles down to blockDim.x lanes, for power-of-two
// blocks with blockDim.x at most 32) written as a tree over the block's rows in the same shared
// buffer (rows rounded up to a power of two, halved each step), so that any bx and by*bz
// reduce; the epilogue's norm store and g load guarded by the column bound; float data and
// accumulation (PyTorch's scalar_t float, accscalar_t float); z folded into the rows. Written
// from memory. Integer data: every sum of squares exact, the square root, the reciprocal and
// the two products each one correctly rounded operation, as in NumPy. x -> column, y*z ->
// rows looped over (by*bz apart).
#include "common.cuh"

// The block's rows of per-thread sums reduced to row 0 (x[col] holds the column's total).
__device__ __forceinline__ void wn_reduce_block_rows(float* x, float val, int lanes, int rows,
                                                     int tx, int ty) {
    x[ty * lanes + tx] = val;
    __syncthreads();
    int half = 1;
    while (half < rows) half <<= 1;
    for (int i = half >> 1; i >= 1; i >>= 1) {
        if (ty < i && ty + i < rows) x[ty * lanes + tx] += x[(ty + i) * lanes + tx];
        __syncthreads();
    }
}

extern "C" __global__ void torch_weight_norm_last(float* __restrict__ w,
                                                  float* __restrict__ norms,
                                                  const float* __restrict__ v,
                                                  const float* __restrict__ g,
                                                  const int fast_dim_size,
                                                  const int slower_dims_size) {
    const int fast_dim_location = threadIdx.x + blockIdx.x * blockDim.x;
    const int block_rows = ga_block_rows();
    const int ty = ga_row_in_block();

    extern __shared__ float alloc[];
    float* s = &alloc[0];
    float* rnorm_buffer = &alloc[blockDim.x * block_rows];

    float thread_sum = 0.f;

    int slower_dims_location = ty;
    int currentIdx = fast_dim_location + fast_dim_size * slower_dims_location;
    if (fast_dim_location < fast_dim_size)
        while (slower_dims_location < slower_dims_size) {
            float val_f = v[currentIdx];
            thread_sum += val_f * val_f;
            currentIdx += block_rows * fast_dim_size;
            slower_dims_location += block_rows;
        }

    wn_reduce_block_rows(s, thread_sum, blockDim.x, block_rows, threadIdx.x, ty);

    // Better to pass an EpilogueOp to reduce_block_into_lanes?
    if (ty == 0 && fast_dim_location < fast_dim_size) {
        float result = s[threadIdx.x];
        float norm_this_col = sqrtf(result);
        norms[fast_dim_location] = norm_this_col;
        rnorm_buffer[threadIdx.x] = 1.f / norm_this_col;
    }

    __syncthreads();

    if (fast_dim_location < fast_dim_size) {
        float g_this_col = g[fast_dim_location];
        float rnorm = rnorm_buffer[threadIdx.x];

        slower_dims_location = ty;
        currentIdx = fast_dim_location + fast_dim_size * slower_dims_location;
        while (slower_dims_location < slower_dims_size) {
            float val_f = v[currentIdx];
            w[currentIdx] = g_this_col * val_f * rnorm;
            currentIdx += block_rows * fast_dim_size;
            slower_dims_location += block_rows;
        }
    }
}
