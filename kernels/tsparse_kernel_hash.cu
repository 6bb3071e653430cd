// The kernel-map hashing of a sparse convolution, TorchSparse's kernel_hash_kernel
// (mit-han-lab/torchsparse, torchsparse/backend/hash/hash_cuda.cu, behind kernel_hash_cuda:
// the neighbour queries of every sparse 3-D convolution layer of a point-cloud network, each
// voxel's coordinates moved by each kernel offset and hashed for the hash-map lookup) (blind
// check set 58: written after calibration, never fitted on). As in TorchSparse: every thread
// first copies the K x 3 offsets into dynamic shared memory (a copy the kernel then never
// reads: the offsets are read from global memory), then one thread an (offset k, voxel i) pair
// with k = idx % K and i = idx / K: the voxel's 4 ints (x, y, z, batch), the offset's three
// added to x, y, z, a 64-bit FNV-1a hash of the four as unsigned ints (basis
// 14695981039346656037, prime 1099511628211), folded as (h >> 60) ^ (h & 0x0FFFFFFFFFFFFFFF)
// and stored as an 8 B int to out[k N + i] (neighbouring lanes N apart); the host's 512
// threads on ceil(N K / 512) blocks, K * 3 * 4 B of shared memory. Departures: the block the
// sweep's, any shape (linearized); long int as long long. Reimplemented from the published
// source (its indexing, arithmetic and control flow; none of its text). Exact: integer
// arithmetic mod 2^64. 1-D: the block is linearized, one thread a pair.
#include "common.cuh"

extern "C" __global__ void tsparse_kernel_hash(int N, int K, const int* __restrict__ data,
                                               const int* __restrict__ kernel_offset,
                                               long long* __restrict__ out) {
    extern __shared__ int kernel_offset_local[];
    for (int i = 0; i < K * 3; i++) kernel_offset_local[i] = kernel_offset[i];
    __syncthreads();
    const int idx = (int)ga_linear();
    const int k = idx % K;
    const int i = idx / K;
    int cur_coord[4];
    if (i < N) {
        data += i * 4;
        for (int j = 0; j < 3; j++) cur_coord[j] = data[j] + kernel_offset[k * 3 + j];
        cur_coord[3] = data[3];
        unsigned long long hash = 14695981039346656037ULL;
        for (int j = 0; j < 4; j++) {
            hash ^= (unsigned int)cur_coord[j];
            hash *= 1099511628211ULL;
        }
        hash = (hash >> 60) ^ (hash & 0xFFFFFFFFFFFFFFFULL);
        out[k * N + i] = (long long)hash;
    }
}
