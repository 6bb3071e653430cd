// Runs gpuadvisor's CUDA kernels on the CPU for tests (no GPU in CI): every thread of a block
// is a std::thread, __syncthreads() is a std::barrier, blocks run one after another, and the
// dynamic shared memory is one buffer per block. Slow, but it executes the real kernel code
// with the real indexing, bounds checks and barriers, for any block shape. Warps: the block's
// linear thread index (x fastest, then y, z) packs threads 32 to a warp, as on the GPU, and
// the warp intrinsics (__shfl_sync, __shfl_down_sync, __shfl_up_sync, __ballot_sync,
// __syncwarp) exchange values between the warp's threads through a barrier of the lanes the
// block has in that warp (fewer than 32 in the last warp of a block that is not a multiple of
// 32).
#pragma once
#include <algorithm>
#include <atomic>
#include <barrier>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <thread>
#include <type_traits>
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
#define __constant__  // constant memory is ordinary memory here
#define __restrict__
#define warpSize 32
using std::max;
using std::min;

// CUDA's vector type and math intrinsics the kernels use.
struct float4 {
    float x, y, z, w;
};
inline float4 make_float4(float x, float y, float z, float w) { return {x, y, z, w}; }
struct float3 {  // CUDA's float3: 12 B, 4 B aligned (mumax3's kernels add operators of their own)
    float x, y, z;
};
inline float3 make_float3(float x, float y, float z) { return {x, y, z}; }
struct alignas(8) int2 {  // CUDA's int2: 8 B aligned, one 8 B load
    int x, y;
};
inline int2 make_int2(int x, int y) { return {x, y}; }
inline float rsqrtf(float v) { return 1.0f / std::sqrt(v); }
struct alignas(4) uchar4 {  // CUDA's uchar4: 4 B aligned, one 4 B store
    unsigned char x, y, z, w;
};
inline uchar4 make_uchar4(unsigned char x, unsigned char y, unsigned char z, unsigned char w) {
    return {x, y, z, w};
}
struct alignas(4) short2 {  // CUDA's short2: 4 B aligned, one 4 B load; x the low half
    short x, y;
};
inline short2 make_short2(short x, short y) { return {x, y}; }
inline float __expf(float x) { return std::exp(x); }  // CUDA's fast exp: here the exact one
inline float __logf(float x) { return std::log(x); }  // CUDA's fast log: here the exact one
// CUDA's float-to-int conversions rounding down, up and toward zero (in int's range).
inline int __float2int_rd(float x) { return static_cast<int>(std::floor(x)); }
inline int __float2int_ru(float x) { return static_cast<int>(std::ceil(x)); }
inline int __float2int_rz(float x) { return static_cast<int>(std::trunc(x)); }
// CUDA's __float2int_rn: to the nearest integer, ties to even; as PTX's cvt.rni.s32.f32, NaN
// gives 0 and a value beyond int's range the nearest end of it.
inline int __float2int_rn(float x) {
    if (std::isnan(x)) return 0;
    if (x >= 2147483648.0f) return 2147483647;
    if (x < -2147483648.0f) return -2147483647 - 1;
    return static_cast<int>(std::nearbyint(x));  // the default rounding: to nearest, even
}
// CUDA's __fmul_rn, __fadd_rn and __fsub_rn: one operation rounded to nearest each, which nvcc
// never contracts into an FMA (PCL KinFu's TSDF update keeps its projections exact with them).
// Plain operations here: g++ without -mfma has no FMA to contract them into.
inline float __fmul_rn(float a, float b) { return a * b; }
inline float __fadd_rn(float a, float b) { return a + b; }
inline float __fsub_rn(float a, float b) { return a - b; }
// Their double forms __dmul_rn and __dadd_rn (GPGPU TP1's sepia keeps its double dot products
// unfused with them), plain here for the same reason.
inline double __dmul_rn(double a, double b) { return a * b; }
inline double __dadd_rn(double a, double b) { return a + b; }
// CUDA's __ldcs and __stcs: a load and a store with the cache-streaming hint (ld.global.cs,
// st.global.cs; llm.c's layernorm streams its rows with them): plain accesses here.
template <typename T>
T __ldcs(const T* address) {
    return *address;
}
template <typename T>
void __stcs(T* address, T value) {
    *address = value;
}
using std::fabs;
using std::isnan;  // CUDA's isnan (OpenCV's bilateral filter skips NaN taps)

// CUDA's atomicAdd on global memory: the block's threads run concurrently here too.
template <typename T>
T atomicAdd(T* address, T value) {
    return std::atomic_ref<T>(*address).fetch_add(value);
}

// CUDA's atomicMax (int, unsigned): a compare-and-swap loop; returns the old value.
template <typename T>
T atomicMax(T* address, T value) {
    std::atomic_ref<T> ref(*address);
    T old = ref.load();
    while (old < value && !ref.compare_exchange_weak(old, value)) {
    }
    return old;
}

// CUDA's atomicOr (int, unsigned): the word ORed with value; returns the old word.
template <typename T>
T atomicOr(T* address, T value) {
    return std::atomic_ref<T>(*address).fetch_or(value);
}

// CUDA's atomicCAS: stores value where the word equals compare; returns the old word.
template <typename T>
T atomicCAS(T* address, T compare, T value) {
    std::atomic_ref<T>(*address).compare_exchange_strong(compare, value);
    return compare;  // the word found: compare itself where it matched
}

// CUDA's atomicInc: the word becomes 0 where it was at least limit, else one more; returns
// the old word (the CUDA Samples' threadFenceReduction takes its tickets with it).
inline unsigned atomicInc(unsigned* address, unsigned limit) {
    std::atomic_ref<unsigned> ref(*address);
    unsigned old = ref.load();
    while (!ref.compare_exchange_weak(old, old >= limit ? 0u : old + 1u)) {
    }
    return old;
}

// CUDA's __threadfence: the thread's earlier writes visible to every thread before its later
// ones (the block's threads are std::threads here: a sequentially consistent fence).
inline void __threadfence() { std::atomic_thread_fence(std::memory_order_seq_cst); }

// CUDA's __float_as_int and __int_as_float: the same 32 bits read as the other type.
inline int __float_as_int(float x) { return std::bit_cast<int>(x); }
inline float __int_as_float(int x) { return std::bit_cast<float>(x); }

inline int __popc(unsigned x) { return std::popcount(x); }

// CUDA's __mul24: the low 32 bits of the product of the two values' low 24 bits, each
// sign-extended (the CUDA Samples' IMUL).
inline int __mul24(int a, int b) {
    const long long a24 = static_cast<int>(static_cast<unsigned>(a) << 8) >> 8;
    const long long b24 = static_cast<int>(static_cast<unsigned>(b) << 8) >> 8;
    return static_cast<int>(static_cast<unsigned>(static_cast<unsigned long long>(a24 * b24)));
}

// CUDA's __umul24: the low 32 bits of the product of the two values' low 24 bits (unsigned;
// the CUDA Samples' texture kernels' indices).
inline unsigned __umul24(unsigned a, unsigned b) {
    return static_cast<unsigned>(static_cast<unsigned long long>(a & 0xFFFFFFu) *
                                 (b & 0xFFFFFFu));
}

// CUDA's __vsadu4: the sum of the absolute differences of the four unsigned bytes.
inline unsigned __vsadu4(unsigned a, unsigned b) {
    unsigned sum = 0;
    for (int k = 0; k < 32; k += 8) {
        const int x = static_cast<int>(a >> k & 0xFFu), y = static_cast<int>(b >> k & 0xFFu);
        sum += static_cast<unsigned>(x > y ? x - y : y - x);
    }
    return sum;
}

// CUDA's __clzll: the leading zero bits of the 64-bit value, 64 for 0.
inline int __clzll(long long x) { return std::countl_zero(static_cast<unsigned long long>(x)); }

// CUDA's __clz: the leading zero bits of the 32-bit value, 32 for 0 (SneakySnake's longest
// obstacle-free run).
inline int __clz(int x) { return std::countl_zero(static_cast<unsigned>(x)); }

// CUDA's __brev: the 32 bits in reverse order (the FFT's bit-reversal permutation).
inline unsigned __brev(unsigned x) {
    unsigned r = 0;
    for (int b = 0; b < 32; ++b) r |= ((x >> b) & 1u) << (31 - b);
    return r;
}

// CUDA's __umulhi: the high 32 bits of the 64-bit product.
inline unsigned __umulhi(unsigned a, unsigned b) {
    return static_cast<unsigned>((static_cast<unsigned long long>(a) * b) >> 32);
}

// One warp of the running block: the lanes the block has in it and a slot per lane through
// which the warp intrinsics exchange values. Every lane of the warp must call each intrinsic
// (with a mask naming at least all of them): a lane that skips one leaves the others waiting,
// as a test that hangs rather than a wrong number.
struct ga_cpu_warp_state {
    explicit ga_cpu_warp_state(unsigned n) : lanes(n), bar(n) {}
    unsigned lanes;
    std::barrier<> bar;
    unsigned long long slot[32] = {};
};
inline thread_local ga_cpu_warp_state* ga_cpu_warp = nullptr;
inline thread_local unsigned ga_cpu_lane = 0;

inline ga_cpu_warp_state& ga_cpu_warp_enter(unsigned mask, const char* what) {
    if (ga_cpu_warp == nullptr) {
        std::fprintf(stderr, "%s outside a launch that runs the block's threads concurrently\n",
                     what);
        std::abort();
    }
    const unsigned lanes = ga_cpu_warp->lanes;
    const unsigned present = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;
    if ((mask & present) != present) {
        // The shim's barrier counts every lane of the warp: masks naming a subset of them
        // (legal CUDA for code that diverges on purpose) are not emulated.
        std::fprintf(stderr, "%s: mask %#x leaves out lanes of a warp of %u lanes (%#x)\n",
                     what, mask, lanes, present);
        std::abort();
    }
    return *ga_cpu_warp;
}

// What a lane gets when it reads a lane that is not in the block or not in the mask
// (undefined on the GPU): 0xA5 in every byte, far from the small test data, so a kernel
// that uses it fails its check.
template <typename T>
T ga_cpu_poison() {
    T value;
    std::memset(&value, 0xA5, sizeof(T));
    return value;
}

// The shuffles' common part: every lane publishes its value, then reads the lane
// source(lane) names (-1: keep its own value); a source outside the block or the mask reads
// poison.
template <typename T, typename Source>
T ga_cpu_shuffle(unsigned mask, T var, int width, const char* what, Source source) {
    static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= 8);
    if (width < 1 || width > 32 || (width & (width - 1)) != 0) {
        std::fprintf(stderr, "%s: width %d is not a power of two up to 32\n", what, width);
        std::abort();
    }
    ga_cpu_warp_state& w = ga_cpu_warp_enter(mask, what);
    const unsigned lane = ga_cpu_lane;
    unsigned long long bits = 0;
    std::memcpy(&bits, &var, sizeof(T));
    w.slot[lane] = bits;
    w.bar.arrive_and_wait();
    T out = var;
    const long src = source(lane, static_cast<unsigned>(width));
    if (src >= 0) {
        if (static_cast<unsigned>(src) < w.lanes && (mask >> src & 1u)) {
            std::memcpy(&out, &w.slot[src], sizeof(T));
        } else {
            out = ga_cpu_poison<T>();
        }
    }
    w.bar.arrive_and_wait();  // nobody writes its slot again before every lane has read
    return out;
}

// __shfl_down_sync: lane l gets lane l + delta's value, its own where l + delta leaves its
// width-lane segment.
template <typename T>
T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = warpSize) {
    return ga_cpu_shuffle(mask, var, width, "__shfl_down_sync",
                          [delta](unsigned lane, unsigned w) -> long {
                              return lane % w + delta < w ? long(lane + delta) : -1;
                          });
}

// __shfl_up_sync: lane l gets lane l - delta's value, its own where l - delta leaves its
// width-lane segment (lanes below delta in each segment keep their value).
template <typename T>
T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = warpSize) {
    return ga_cpu_shuffle(mask, var, width, "__shfl_up_sync",
                          [delta](unsigned lane, unsigned w) -> long {
                              return lane % w >= delta ? long(lane - delta) : -1;
                          });
}

// __shfl_sync: lane l gets the value of lane srcLane of its width-lane segment (srcLane taken
// modulo width, as CUDA takes it).
template <typename T>
T __shfl_sync(unsigned mask, T var, int srcLane, int width = warpSize) {
    return ga_cpu_shuffle(mask, var, width, "__shfl_sync",
                          [srcLane](unsigned lane, unsigned w) -> long {
                              return long(lane / w * w + static_cast<unsigned>(srcLane) % w);
                          });
}

// __ffs: the position (from 1) of the least significant set bit; 0 for 0.
inline int __ffs(int x) {
    return x == 0 ? 0 : std::countr_zero(static_cast<unsigned>(x)) + 1;
}

// __syncwarp: the warp's lanes wait for each other (the lanes the block has in the warp;
// shared-memory writes before it are seen by the warp's lanes after it).
inline void __syncwarp(unsigned mask = 0xffffffffu) {
    ga_cpu_warp_enter(mask, "__syncwarp").bar.arrive_and_wait();
}

// __ballot_sync: bit l set where lane l (in the mask) has a nonzero predicate.
inline unsigned __ballot_sync(unsigned mask, int predicate) {
    ga_cpu_warp_state& w = ga_cpu_warp_enter(mask, "__ballot_sync");
    w.slot[ga_cpu_lane] = predicate != 0;
    w.bar.arrive_and_wait();
    unsigned bits = 0;
    for (unsigned l = 0; l < w.lanes; ++l) {
        if ((mask >> l & 1u) && w.slot[l]) {
            bits |= 1u << l;
        }
    }
    w.bar.arrive_and_wait();
    return bits;
}

// A launch whose block's threads run concurrently: one std::thread per thread of the block,
// started once for the launch and kept for every block of the grid (blocks one after
// another: each thread runs its place in block 0, waits until every thread is done with it,
// then block 1, ...), as if the block's threads were made afresh for each block. Starting
// the threads anew for every block was most of these tests' time (a 1-D kernel of 4099
// elements made ~4100 threads a shape). The kernel's body comes in as a function pointer
// and its closure (ga_cpu_launch below), so that the threads, barriers and loops here are
// compiled once, not once per kernel (a third of the build of every kernel).
inline void ga_cpu_launch_body(dim3 grid, dim3 block, size_t shared, void (*call)(void*),
                               void* body) {
    gridDim = grid;
    blockDim = block;
    std::vector<char> smem(shared + 64, 0);
    ga_cpu_smem = smem.data();
    const unsigned n = block.x * block.y * block.z;
    std::barrier<> bar(n);
    std::deque<ga_cpu_warp_state> warps;  // not movable: a deque keeps them put
    for (unsigned first = 0; first < n; first += 32) {
        warps.emplace_back(std::min(32u, n - first));
    }
    // Runs once between two blocks, when every thread is done with one and none has started
    // the next: the warps' slots are cleared, as a new block's warps start.
    auto next_block = [&warps]() noexcept {
        for (auto& w : warps) std::fill(std::begin(w.slot), std::end(w.slot), 0ull);
    };
    std::barrier<decltype(next_block)> block_done(n, next_block);
    std::vector<std::thread> threads;
    threads.reserve(n);
    for (unsigned tz = 0; tz < block.z; ++tz)
        for (unsigned ty = 0; ty < block.y; ++ty)
            for (unsigned tx = 0; tx < block.x; ++tx)
                threads.emplace_back([&, tx, ty, tz] {
                    threadIdx = {tx, ty, tz};
                    ga_cpu_barrier = &bar;
                    const unsigned t = tx + block.x * (ty + block.y * tz);
                    ga_cpu_warp = &warps[t / 32];
                    ga_cpu_lane = t % 32;
                    for (unsigned bz = 0; bz < grid.z; ++bz)
                        for (unsigned by = 0; by < grid.y; ++by)
                            for (unsigned bx = 0; bx < grid.x; ++bx) {
                                blockIdx = {bx, by, bz};
                                call(body);
                                block_done.arrive_and_wait();
                            }
                });
    for (auto& t : threads) t.join();
}

template <typename F>
void ga_cpu_launch(dim3 grid, dim3 block, size_t shared, F body) {
    ga_cpu_launch_body(grid, block, shared, [](void* f) { (*static_cast<F*>(f))(); }, &body);
}

// The same launch with a block's threads run one after another on the calling thread: for
// kernels without __syncthreads, warp intrinsics and atomics (most of them), where no thread
// waits on or shares a location with another, this is one legal CUDA schedule and spares the
// thread creation that was most of these tests' time. A warp intrinsic here aborts.
template <typename F>
void ga_cpu_launch_serial(dim3 grid, dim3 block, size_t shared, F body) {
    gridDim = grid;
    blockDim = block;
    std::vector<char> smem(shared + 64, 0);
    ga_cpu_smem = smem.data();
    ga_cpu_barrier = nullptr;
    ga_cpu_warp = nullptr;
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
