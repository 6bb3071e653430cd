// 30-bit Morton (Z-order) codes of 3-D points, the first step of linear BVH and octree
// construction on the GPU (Karras 2012; ray tracers, collision detection, N-body tree codes):
// each coordinate is mapped into the scene's bounding cube, cell = (unsigned)min(max((p - lo)
// * scale, 0), 1023) with scale = 1024 / extent, its 10 bits are spread three apart
// (Karras's expandBits: four multiply-and-mask steps) and code = 4 X + 2 Y + Z, so the bits
// interleave x, y, z from the top (blind check set 12: written after calibration, never fitted
// on; its sweeps go to fixtures/hopper/blind12/ once recorded). Points are an array of
// float32 x, y, z structures (12 B a point). One thread per point: three 4 B loads 4 B apart
// (a warp reads 384 contiguous bytes), a subtract, a multiply and a clamp per axis, the
// integer bit spreading, one contiguous 4 B store. Integer-valued coordinates and a
// power-of-two scale keep every step exact. No shared memory. 1-D: the block is linearized.
#include "common.cuh"

__device__ __forceinline__ unsigned morton_expand10(unsigned v) {
    v = (v * 0x00010001u) & 0xFF0000FFu;
    v = (v * 0x00000101u) & 0x0F00F00Fu;
    v = (v * 0x00000011u) & 0xC30C30C3u;
    v = (v * 0x00000005u) & 0x49249249u;
    return v;
}

__device__ __forceinline__ unsigned morton_cell(float p, float lo, float scale) {
    return (unsigned)fminf(fmaxf((p - lo) * scale, 0.0f), 1023.0f);
}

extern "C" __global__ void morton3d(const float* __restrict__ points,
                                    unsigned* __restrict__ codes, long long n, float lo,
                                    float scale) {
    const long long i = ga_linear();
    if (i >= n) {
        return;
    }
    const float* p = points + 3 * i;
    const unsigned x = morton_cell(p[0], lo, scale);
    const unsigned y = morton_cell(p[1], lo, scale);
    const unsigned z = morton_cell(p[2], lo, scale);
    codes[i] = morton_expand10(x) * 4u + morton_expand10(y) * 2u + morton_expand10(z);
}
