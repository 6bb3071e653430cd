// Joint intensity histogram of two 8-bit images, the step of mutual-information image
// registration (Viola-Wells / Mattes MI as ITK's and elastix's metrics and the GPU
// registration codes compute it at every iteration) that the entropies are taken from
// (blind check set 19: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind19/ once recorded). The fixed and the resampled moving image, 8-bit
// voxels in the same order (the bytes travel in 32-bit words: the buffers are uint32 on the
// host), and a 256 x 256 table of uint32 counts in global memory (256 KiB: L2-resident):
// hist[fixed][moving] += 1 for every voxel by a global atomicAdd. One voxel per thread: two
// contiguous 1 B loads and one atomic at a data-dependent address among the 65,536 bins
// (voxels of a warp land in different bins or collide). Repeated timing launches keep
// adding (the counts wrap harmlessly); the check runs once from a zeroed table. No shared
// memory. Integer: exact. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void mi_joint_hist(const unsigned* __restrict__ fixed_words,
                                         const unsigned* __restrict__ moving_words,
                                         unsigned* __restrict__ hist, long long n) {
    const long long i = ga_linear();
    if (i >= n) {
        return;
    }
    const unsigned a = reinterpret_cast<const unsigned char*>(fixed_words)[i];
    const unsigned b = reinterpret_cast<const unsigned char*>(moving_words)[i];
    atomicAdd(&hist[a * 256u + b], 1u);
}
