// Legion Realm's memcpy_affine_batch<unsigned int, 3, size_t> (StanfordLegion/legion,
// runtime/realm/cuda/cuda_memcpy.cu, the kernel memcpy_affine_batch3D_32 Realm's CUDA DMA path
// launches for a copy between two affine instance layouts of a 3-D rectangle (its host launch in
// the CUDA module not read)) (blind check set 85: written after calibration, never fitted on).
// As in Realm: offset = blockIdx.x blockDim.x + threadIdx.x (start_offset 0), grid_stride =
// gridDim.x blockDim.x; for each rectangle (one here), while offset < volume: the point's
// coordinates from offset by the rectangle's extents (c0 = offset % e0, c1 = (offset / e0) % e1,
// c2 = offset / (e0 e1)), the value read at c0 + s0 (c1 + s1 c2) of the source layout's strides
// and written at the same point of the destination's, offset += grid_stride (MAX_UNROLL 1);
// __launch_bounds__(256, 8). Departures: the block the sweep's, any shape (linearized); the
// AffineCopyInfo struct as the two base pointers, the extents and the two layouts' strides
// (size_t as int64);
// one rectangle; the grid covering the volume (the host's grid not read), the grid-stride loop
// kept. Reimplemented from the published source (its indexing, arithmetic and control flow;
// none of its text). Exact: copies. 1-D, no shared memory: a thread a point, a 4 B load and a 4 B
// store (a warp's 128 B contiguous along a row, split where rows of e0 values end: the source's
// rows s0 apart, the destination's dense).
#include "common.cuh"

extern "C" __global__ void legion_memcpy_affine(unsigned* dst, const unsigned* src,
                                                long long e0, long long e1, long long volume,
                                                long long src_s0, long long src_s1,
                                                long long dst_s0, long long dst_s1) {
    long long offset = ga_linear();
    const long long grid_stride = (long long)gridDim.x * ga_nthreads();
    while (offset < volume) {
        const long long c0 = offset % e0;
        const long long rest = offset / e0;
        const long long c1 = rest % e1;
        const long long c2 = rest / e1;
        const unsigned value = src[c0 + src_s0 * (c1 + src_s1 * c2)];
        dst[c0 + dst_s0 * (c1 + dst_s1 * c2)] = value;
        offset += grid_stride;
    }
}
