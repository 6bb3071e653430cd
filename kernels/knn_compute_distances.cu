// Squared Euclidean distances between every reference and query point, kNN-CUDA's
// compute_distances (vincentfpgarcia/kNN-CUDA, code/knncuda.cu: the first kernel of
// knn_cuda_global, before the per-query insertion sort) (blind check set 45: written after
// calibration, never fitted on). As in kNN-CUDA: the points stored dimension by dimension
// (ref: height rows of ref_pitch floats, a point a column; query likewise), the output dist
// ref_width rows of query_pitch floats; a block computes a tile of dist (reference points
// from y, query points from x); per step of the dimensions a slice of ref and one of query
// staged in the shared arrays shared_A and shared_B (zeros past the points and past height),
// a barrier, ssd += (A - B)^2 over the slice where both points exist (cond2 && cond1), a
// barrier; the sum stored. Departures: kNN-CUDA's square BLOCK_DIM x BLOCK_DIM (16 x 16) tiles
// here bx query points by by*bz reference points, the slice depth T = min(bx, by*bz) (BLOCK_DIM
// for square blocks), the two slices one dynamic allocation (T (by*bz + bx) floats) loaded by
// the block's threads in a loop over their elements, consecutive threads on consecutive
// points (BLOCK_DIM threads per row there); begin_A, begin_B, step_A, step_B and end_A
// registers (__shared__ there); the dimension loop from 0 to height in steps of T. Written
// from memory. Integer-valued coordinates: every difference, square and sum exact.
// x -> query point (column of dist), y*z -> reference point (row of dist).
#include "common.cuh"

extern "C" __global__ void knn_compute_distances(const float* __restrict__ ref, int ref_width,
                                                 int ref_pitch,
                                                 const float* __restrict__ query,
                                                 int query_width, int query_pitch, int height,
                                                 float* __restrict__ dist) {
    extern __shared__ float knn_smem[];
    const int dim_x = blockDim.x;        // query points a tile
    const int dim_y = ga_block_rows();   // reference points a tile
    const int depth = min(dim_x, dim_y); // dimensions a step
    float* shared_A = knn_smem;                  // [depth][dim_y]
    float* shared_B = knn_smem + depth * dim_y;  // [depth][dim_x]

    // Thread index
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();
    const int tid = (int)ga_tid();
    const int threads = (int)ga_nthreads();

    // Initialization of the SSD for the current thread
    float ssd = 0.f;

    // Loop parameters
    const int begin_A = dim_y * blockIdx.y;
    const int begin_B = dim_x * blockIdx.x;

    // Conditions
    const int cond1 = (begin_B + tx < query_width);  // computations and output
    const int cond2 = (begin_A + ty < ref_width);    // computations and output

    // Loop over the dimensions, a slice of depth at a time
    for (int d = 0; d < height; d += depth) {
        // Load the slices from device memory to shared memory
        for (int e = tid; e < depth * dim_y; e += threads) {
            const int k = e / dim_y, p = e % dim_y;
            shared_A[e] = (d + k < height && begin_A + p < ref_width)
                              ? ref[(d + k) * ref_pitch + begin_A + p]
                              : 0;
        }
        for (int e = tid; e < depth * dim_x; e += threads) {
            const int k = e / dim_x, p = e % dim_x;
            shared_B[e] = (d + k < height && begin_B + p < query_width)
                              ? query[(d + k) * query_pitch + begin_B + p]
                              : 0;
        }

        // Synchronize to make sure the slices are loaded
        __syncthreads();

        // Compute the difference between the two slices
        if (cond2 && cond1) {
            for (int k = 0; k < depth; ++k) {
                float tmp = shared_A[k * dim_y + ty] - shared_B[k * dim_x + tx];
                ssd += tmp * tmp;
            }
        }

        // Synchronize before the next slices overwrite these
        __syncthreads();
    }

    // Write the block's tile of dist; each thread writes one element
    if (cond2 && cond1) {
        dist[(begin_A + ty) * query_pitch + begin_B + tx] = ssd;
    }
}
