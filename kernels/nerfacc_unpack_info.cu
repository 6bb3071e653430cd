// nerfacc's unpack_info_kernel (nerfstudio-project/nerfacc, nerfacc/cuda/csrc/pack.cu, launched
// by unpack_info in the same file: the ray index of every packed sample of nerfacc's ray
// marching, expanding each ray's (start, count) pair into its samples) (blind check set 91:
// written after calibration, never fitted on). As in nerfacc: i = blockIdx.x blockDim.x +
// threadIdx.x below n_rays (CUDA_GET_THREAD_ID), base and steps the ray's packed start and
// sample count, a ray without samples returning, and ray_indices[base + j] = i for j below
// steps; the host's 256 threads on cdiv(n_rays, 256) blocks. Departures: the block the sweep's,
// any shape (linearized); the (start, count) pairs of packed_info read as consecutive offsets
// (base = offsets[i], steps = offsets[i + 1] - offsets[i]: the manifest's rowptr, the same
// packing of contiguous rays). Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: integer stores. 1-D, no shared memory,
// one thread a ray: two 4 B offset loads (a warp's 128 B contiguous) and a loop of 4 B stores
// over its own samples (a warp's lanes at random-length offsets).
#include "common.cuh"

extern "C" __global__ void nerfacc_unpack_info(int n_rays, const int* offsets,
                                               int* ray_indices) {
    const long long i = ga_linear();
    if (i >= n_rays) return;
    const int base = offsets[i];
    const int steps = offsets[i + 1] - base;
    if (steps == 0) return;
    int* out = ray_indices + base;
    for (int j = 0; j < steps; ++j) out[j] = (int)i;
}
