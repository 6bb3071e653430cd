// Runs gpuadvisor's CUDA kernels on the CPU for tests (no GPU in CI): every thread of a block
// is a std::thread, __syncthreads() is a std::barrier, blocks run one after another, and the
// dynamic shared memory is one buffer per block. Slow, but it executes the real kernel code
// with the real indexing, bounds checks and barriers, for any block shape.
#pragma once
#include <algorithm>
#include <atomic>
#include <barrier>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <thread>
#include <vector>

struct dim3 {
    unsigned x = 1, y = 1, z = 1;
};
inline thread_local dim3 threadIdx;
inline thread_local dim3 blockIdx;
inline dim3 blockDim;
inline dim3 gridDim;
inline thread_local std::barrier<>* ga_cpu_barrier = nullptr;
inline char* ga_cpu_smem = nullptr;

#define __global__
#define __device__
#define __forceinline__ inline
#define __restrict__
#define warpSize 32
using std::max;
using std::min;

// CUDA's vector type and math intrinsics the kernels use.
struct float4 {
    float x, y, z, w;
};
inline float4 make_float4(float x, float y, float z, float w) { return {x, y, z, w}; }
inline float rsqrtf(float v) { return 1.0f / std::sqrt(v); }
using std::fabs;

// CUDA's atomicAdd on global memory: the block's threads run concurrently here too.
template <typename T>
T atomicAdd(T* address, T value) {
    return std::atomic_ref<T>(*address).fetch_add(value);
}

template <typename F>
void ga_cpu_launch(dim3 grid, dim3 block, size_t shared, F body) {
    gridDim = grid;
    blockDim = block;
    std::vector<char> smem(shared + 64, 0);
    ga_cpu_smem = smem.data();
    const unsigned n = block.x * block.y * block.z;
    for (unsigned bz = 0; bz < grid.z; ++bz)
        for (unsigned by = 0; by < grid.y; ++by)
            for (unsigned bx = 0; bx < grid.x; ++bx) {
                std::barrier<> bar(n);
                std::vector<std::thread> threads;
                threads.reserve(n);
                for (unsigned tz = 0; tz < block.z; ++tz)
                    for (unsigned ty = 0; ty < block.y; ++ty)
                        for (unsigned tx = 0; tx < block.x; ++tx)
                            threads.emplace_back([&, tx, ty, tz, bx, by, bz] {
                                threadIdx = {tx, ty, tz};
                                blockIdx = {bx, by, bz};
                                ga_cpu_barrier = &bar;
                                body();
                            });
                for (auto& t : threads) t.join();
            }
}

// The same launch with a block's threads run one after another on the calling thread: for
// kernels without __syncthreads and without atomics (most of them), where no thread waits on
// or shares a location with another, this is one legal CUDA schedule and spares the thread
// creation that was most of these tests' time.
template <typename F>
void ga_cpu_launch_serial(dim3 grid, dim3 block, size_t shared, F body) {
    gridDim = grid;
    blockDim = block;
    std::vector<char> smem(shared + 64, 0);
    ga_cpu_smem = smem.data();
    ga_cpu_barrier = nullptr;
    for (unsigned bz = 0; bz < grid.z; ++bz)
        for (unsigned by = 0; by < grid.y; ++by)
            for (unsigned bx = 0; bx < grid.x; ++bx)
                for (unsigned tz = 0; tz < block.z; ++tz)
                    for (unsigned ty = 0; ty < block.y; ++ty)
                        for (unsigned tx = 0; tx < block.x; ++tx) {
                            threadIdx = {tx, ty, tz};
                            blockIdx = {bx, by, bz};
                            body();
                        }
}
