// The per-cell height statistics of Apollo's CNN segmentation features, MapKernel
// (ApolloAuto/apollo, modules/perception/lidar/lib/segmentation/cnnseg/feature_generator.cu,
// behind FeatureGenerator::GenerateGPU in the same file: every lidar frame's point cloud
// binned into the bird's-eye-view grid of the cnnseg obstacle segmentation before the CNN,
// after SetKernel fills the maximum heights with -5 and the sums and counts are zeroed)
// (blind check set 67: written after calibration, never fitted on). As in Apollo (without
// the intensity feature: mean_intensity_data null, use_intensity_feature off): a
// CUDA_KERNEL_LOOP over the points i below n, idx = point2grid[i] (-1: outside the grid,
// skipped), pz = pc[i].z of the 16 B PointF (x, y, z, intensity), the cell's maximum height
// raised to pz by an exchange loop, atomicAdd(mean_height[idx], pz) and atomicAdd(count[idx],
// 1); the host's kGPUThreadSize (512) threads on cdiv(n, 512) blocks. Departures: the block
// the sweep's, any shape (linearized; the grid-stride loop kept, one pass at cdiv(n,
// threads) blocks); the maximum at the point's own cell (the source's atomicMax call passes
// max_height_data without [idx], every point's maximum into cell 0: the intended cell
// taken), raised by a compare-and-swap loop on its bits where Apollo's loop exchanges (the
// same maximum); the hardware float atomicAdd for Apollo's compare-and-swap one (the same
// sum). Reimplemented from the published source (its indexing, arithmetic and control flow;
// none of its text). Exact: whole-number heights (every cell's sum an integer below 2^24, in
// any order; counts below 2^24). 1-D: the block is linearized.
#include "common.cuh"

__device__ __forceinline__ void apollo_atomic_max(float* addr, float pz) {
    int* bits = reinterpret_cast<int*>(addr);
    int old = *bits;
    while (__int_as_float(old) < pz) {
        const int assumed = old;
        old = atomicCAS(bits, assumed, __float_as_int(pz));
        if (old == assumed) break;
    }
}

extern "C" __global__ void apollo_cnnseg_map(int n, const float* __restrict__ pc,
                                             float* max_height_data, float* mean_height_data,
                                             float* count_data,
                                             const int* __restrict__ point2grid) {
    const long long stride = (long long)ga_nthreads() * gridDim.x;
    for (long long i = ga_linear(); i < n; i += stride) {
        const int idx = point2grid[i];
        if (idx == -1) continue;
        const float pz = pc[4 * i + 2];
        apollo_atomic_max(&max_height_data[idx], pz);
        atomicAdd(&mean_height_data[idx], pz);
        atomicAdd(&count_data[idx], 1.0f);
    }
}
