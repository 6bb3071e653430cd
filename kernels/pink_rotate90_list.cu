// PINK's rotate_90_degrees_list<float> (HITS-AIN/PINK, src/CudaLib/rotate_90_degrees_list.h,
// launched by generate_rotated_images (src/CudaLib/generate_rotated_images.h) three times after
// the arbitrary-angle rotations: the 90, 180 and 270 degree copies of each rotated neuron image
// of PINK's parallelized rotation-invariant self-organizing map, each launch turning a list of
// square images a quarter turn into the next block of the same buffer) (blind check set 91:
// written after calibration, never fitted on). As in PINK: x = blockIdx.x blockDim.x +
// threadIdx.x (the source image's ROW), y = blockIdx.y blockDim.y + threadIdx.y (its column),
// threads past dim x dim return, and images[offset + blockIdx.z size + (dim - y - 1) dim + x] =
// images[blockIdx.z size + x dim + y]; the host's block_size x block_size threads on
// cdiv(dim, block_size)^2 x (number_of_rotations / 4) blocks. Departures: the block the
// sweep's, any shape (z folded into the rows); offsets in 64 bits; float only. Reimplemented
// from the published source (its indexing, arithmetic and control flow; none of its text).
// Exact: copies. 2-D, no shared memory, x NOT the contiguous axis: a thread's 4 B load dim
// values apart from its x-neighbour's (a warp's 32 lanes 32 rows apart, 32 sectors), its 4 B
// store contiguous along x (a warp's 128 B).
#include "common.cuh"

extern "C" __global__ void pink_rotate90_list(float* images, unsigned dim, unsigned size,
                                              long long offset) {
    const unsigned x = ga_col();
    const unsigned y = ga_row();
    if (x >= dim || y >= dim) return;
    const long long plane = (long long)blockIdx.z * size;
    images[offset + plane + (long long)(dim - y - 1) * dim + x] =
        images[plane + (long long)x * dim + y];
}
