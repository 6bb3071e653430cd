// Bonsai's boundaryReduction (treecode/Bonsai, runtime/CUDAkernels/build_tree.cu, with
// sh_MinMax from runtime/CUDAkernels/support_kernels.cu, launched by octree::getBoundaries in
// runtime/src/sort_bodies_gpu.cpp with setWork(n, NTHREAD_BOUNDARY, NBLOCK_BOUNDARY), "256
// threads and 120 blocks in total", the host then reducing the 120 block results: the
// bounding box of the particles before Bonsai's octree build (the Peano-Hilbert keys' domain))
// (blind check set 92: written after calibration, never fitted on). As in Bonsai (CUDA SDK
// reduce6 style): bid = blockIdx.y gridDim.x + blockIdx.x; r_min = (1e10, 1e10, 1e10), r_max
// = -r_min, both first stored to the thread's shared slots; i from blockIdx.x 2 blockSize +
// threadIdx.x below n_particles in steps of 2 blockSize gridDim.x, each step folding
// positions[i] and, where i + blockSize < n, positions[i + blockSize] (x, y, z; w unused) into
// fminf / fmaxf; the slots stored, a barrier, the slots halved (sh_MinMax: the register min
// and max combined with slot tid + s and stored back at tid) at 256, 128 and 64 with a barrier
// each and 32 down to 1 warp-synchronously (volatile); thread 0 storing slot 0 at
// output_min[bid] and output_max[bid] (float3). Departures: the block the sweep's, any shape
// (linearized: blockSize read as the block's thread count, the static 512-float3 shared array
// as 24 threads B of dynamic shared memory, min slots then max slots; the halving generalized
// to a count that is not a power of two, from the next power of two down, and the
// warp-synchronous steps as barrier-separated ones, as independent thread scheduling needs);
// a 1-D grid (the launcher's folding of blocks into y not read); real float. Reimplemented
// from the published source (its indexing, arithmetic and control flow; none of its text).
// Exact: minima and maxima. 1-D, shared memory, a fixed grid and a grid-stride loop: two
// 16 B position loads a step (a warp's 512 B contiguous each, blockSize positions apart),
// then a barrier-separated min/max reduction over the block and 24 B of stores from thread 0.
#include "common.cuh"

struct bs_f3 {
    float x, y, z;
};

extern "C" __global__ void bonsai_boundary_reduce(int n_particles, const float* positions_words,
                                                  float* output_min_words,
                                                  float* output_max_words) {
    const float4* positions = reinterpret_cast<const float4*>(positions_words);  // real4
    bs_f3* output_min = reinterpret_cast<bs_f3*>(output_min_words);              // float3
    bs_f3* output_max = reinterpret_cast<bs_f3*>(output_max_words);
    extern __shared__ bs_f3 bs_slots[];  // [0, blockSize) minima, [blockSize, 2 blockSize) maxima
    const unsigned bid = blockIdx.y * gridDim.x + blockIdx.x;
    const unsigned tid = ga_tid();
    const unsigned block_size = ga_nthreads();
    bs_f3* sh_min = bs_slots;
    bs_f3* sh_max = bs_slots + block_size;
    bs_f3 r_min = {+1e10f, +1e10f, +1e10f};
    bs_f3 r_max = {-1e10f, -1e10f, -1e10f};
    sh_min[tid] = r_min;
    sh_max[tid] = r_max;

    unsigned i = blockIdx.x * (block_size * 2) + tid;
    const unsigned grid_size = block_size * 2 * gridDim.x;
    while (i < (unsigned)n_particles) {
        if (i < (unsigned)n_particles) {
            const float4 p = positions[i];
            r_min.x = fminf(p.x, r_min.x);
            r_min.y = fminf(p.y, r_min.y);
            r_min.z = fminf(p.z, r_min.z);
            r_max.x = fmaxf(p.x, r_max.x);
            r_max.y = fmaxf(p.y, r_max.y);
            r_max.z = fmaxf(p.z, r_max.z);
        }
        if (i + block_size < (unsigned)n_particles) {
            const float4 p = positions[i + block_size];
            r_min.x = fminf(p.x, r_min.x);
            r_min.y = fminf(p.y, r_min.y);
            r_min.z = fminf(p.z, r_min.z);
            r_max.x = fmaxf(p.x, r_max.x);
            r_max.y = fmaxf(p.y, r_max.y);
            r_max.z = fmaxf(p.z, r_max.z);
        }
        i += grid_size;
    }
    sh_min[tid] = r_min;
    sh_max[tid] = r_max;
    __syncthreads();

    unsigned span = 1;
    while (span < block_size) span <<= 1;
    for (unsigned s = span >> 1; s > 0; s >>= 1) {
        if (tid < s && tid + s < block_size) {
            const bs_f3 o_min = sh_min[tid + s];
            const bs_f3 o_max = sh_max[tid + s];
            r_min.x = fminf(r_min.x, o_min.x);
            r_min.y = fminf(r_min.y, o_min.y);
            r_min.z = fminf(r_min.z, o_min.z);
            r_max.x = fmaxf(r_max.x, o_max.x);
            r_max.y = fmaxf(r_max.y, o_max.y);
            r_max.z = fmaxf(r_max.z, o_max.z);
            sh_min[tid] = r_min;
            sh_max[tid] = r_max;
        }
        __syncthreads();
    }
    if (tid == 0) {
        output_min[bid] = sh_min[0];
        output_max[bid] = sh_max[0];
    }
}
