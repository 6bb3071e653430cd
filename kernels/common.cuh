// Shared indexing helpers for gpuadvisor's built-in kernels.
//
// Every kernel must work for ANY block shape the sweep launches, so none of them bakes a
// shape in: 2-D kernels take the column from x and the row from y, and fold z into the rows
// (row-in-block = threadIdx.y + blockDim.y * threadIdx.z), so a 3-D block (bx, by, bz)
// behaves like a 2-D block (bx, by * bz). 1-D kernels linearize the whole block.
#pragma once

// Column handled by this thread (x is the fastest-varying index inside a warp).
__device__ __forceinline__ int ga_col() {
    return blockIdx.x * blockDim.x + threadIdx.x;
}

// Rows covered by one block: y and z together.
__device__ __forceinline__ int ga_block_rows() {
    return blockDim.y * blockDim.z;
}

// Row of this thread inside its block (z folded into y).
__device__ __forceinline__ int ga_row_in_block() {
    return threadIdx.y + blockDim.y * threadIdx.z;
}

// Row handled by this thread.
__device__ __forceinline__ int ga_row() {
    return blockIdx.y * ga_block_rows() + ga_row_in_block();
}

// Linear thread index inside the block: the order in which threads are packed into warps.
__device__ __forceinline__ unsigned ga_tid() {
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

// Threads per block.
__device__ __forceinline__ unsigned ga_nthreads() {
    return blockDim.x * blockDim.y * blockDim.z;
}

// Global linear index for 1-D kernels launched on a 1-D grid of blocks of any shape.
__device__ __forceinline__ long long ga_linear() {
    return (long long)blockIdx.x * ga_nthreads() + ga_tid();
}

// A dependent chain of `n` integer multiply-adds, d = d * d + c (one IMAD each): dummy work
// the compiler can neither remove nor fold, because `n` and `seed` are only known at run time
// and the step is not affine (an affine step such as an LCG gets composed across unrolled
// iterations, silently dividing the work).
__device__ __forceinline__ unsigned ga_busy(unsigned seed, int n) {
    unsigned d = seed;
    for (int k = 0; k < n; ++k) {
        d = d * d + 1013904223u;
    }
    return d;
}
