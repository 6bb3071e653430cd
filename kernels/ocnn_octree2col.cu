// O-CNN's octree2col_kernel<float> (microsoft/O-CNN, octree/octree/octree_nn.cu, launched by
// octree2col_gpu in the same file from OctreeBaseConv::forward_gpu_gemm and weight_gpu_gemm in
// octree/octree/octree_conv.cpp: the im2col of O-CNN's octree convolution, each octree node's
// 3 x 3 x 3 neighbourhood gathered through the octree's neighbour table into the column matrix
// that one GEMM with the weights turns into the convolution's output) (blind check set 97:
// written after calibration, never fitted on). As in O-CNN: a grid-stride loop
// (CUDA_KERNEL_LOOP) over thread_num = channel kernel_dim height_col column entries, i split
// into the node h = i mod height_col (h1 = h + n height_col in the chunk n of the workspace;
// past the level's height the entry zeroed), the kernel offset k and the channel c; octree_h =
// height << 3 (stride - 1); the neighbour slot (h1 << 6) + ni[k] for stride 2, else (h1 >> 3
// << 6) + ni[(h1 mod 8) kernel_dim + k] (the parent's 4 x 4 x 4 neighbourhood of the node's
// sibling octant), p = neigh[slot] and data_col[i] = data_octree[c octree_h + p] (0 for an
// empty neighbour, p = -1); the host's kCudaThreadsNum = 512 threads on
// CudaGetBlocks(thread_num) = cdiv(thread_num, 512) blocks. Departures: the block the sweep's,
// any shape (linearized, the loop striding by the grid's threads); float only; 64-bit offsets
// into data_col and data_octree. Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: copies. 1-D, no shared memory: each
// thread a 4 B ni load (a warp's lanes on one or a few table words), a 4 B neighbour-table
// gather (a warp's 32 nodes spanning four parents: four 256 B table rows) and a 4 B feature
// gather (the neighbours of consecutive nodes, scattered over a channel's row), then a 4 B
// store (a warp's 128 B contiguous).
#include "common.cuh"

extern "C" __global__ void ocnn_octree2col(float* data_col, const float* data_octree,
                                           int height, int kernel_dim, int stride,
                                           const int* neigh, const int* ni, int height_col,
                                           int n, int thread_num) {
    const long long step = (long long)gridDim.x * ga_nthreads();
    for (long long i = ga_linear(); i < thread_num; i += step) {
        const int h = (int)(i % height_col);
        const int h1 = h + n * height_col;
        if (h1 >= height) {
            data_col[i] = 0.0f;
            continue;
        }
        const int t = (int)(i / height_col);
        const int k = t % kernel_dim;
        const int c = t / kernel_dim;
        const int octree_h = height << 3 * (stride - 1);
        const int slot = stride == 2 ? (h1 << 6) + ni[k]
                                     : ((h1 >> 3) << 6) + ni[(h1 % 8) * kernel_dim + k];
        const int p = neigh[slot];
        data_col[i] = p == -1 ? 0.0f : data_octree[(long long)c * octree_h + p];
    }
}
