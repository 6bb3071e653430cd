// One kernel offset of a sparse convolution's forward pass, MinkowskiEngine's matmul
// (NVIDIA/MinkowskiEngine, src/convolution_kernel.cu, behind ConvolutionForwardKernelGPU in
// the same file: MinkowskiConvolution's forward on the GPU, once for every offset of the
// kernel volume with pairs in the kernel map, e.g. the 27 offsets of a 3 x 3 x 3 convolution
// of a ScanNet or SemanticKITTI voxel network) (blind check set 68: written after
// calibration, never fitted on). As in MinkowskiEngine: x = BLOCK_SIZE blockIdx.x + tx the
// output channel, y = BLOCK_SIZE blockIdx.y + ty the pair of the offset's kernel map, in_row =
// in_map[y] and out_row = out_map[y] (0 past hA); per step s of BLOCK_SIZE input channels
// each thread stages As[ty][tx] = A[wA in_row + s + tx] (the gathered input row; 0 past wA
// or hA) and Bs[ty][tx] = B[wB (s + ty) + x] (the offset's weights; 0 past hB or wB) in
// shared memory, Csub += As[ty][k] Bs[k][tx] over the tile, and finally atomicAdd(&C[wB
// out_row + x], Csub) below hA and wB; the host's BLOCK_SIZE x BLOCK_SIZE blocks (32 for
// wide channels) on cdiv(out_nchannel, BLOCK_SIZE) x cdiv(pairs, BLOCK_SIZE). Departures:
// the block the sweep's, any shape (x the output channel, y*z the pair, z folded in); the
// square BLOCK_SIZE tiles T = min(bx, by*bz) deep (As by*bz x T staged by the threads with
// tx < T, Bs T x bx by those with row < T: square blocks give MinkowskiEngine's tiles), in
// dynamic shared memory; the Itype uint32 maps int32 (indices below 2^31); one launch (the
// host splits only past MAX_GRID blocks). Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: whole-number features and
// weights (every product, tile sum and atomic sum an integer below 2^24, in any order,
// contracted or not). 2-D: x the output channel, y*z the pair.
#include "common.cuh"

extern "C" __global__ void minkowski_matmul(const float* __restrict__ A, const int wA,
                                            const int hA, const float* __restrict__ B,
                                            const int wB, const int hB, float* __restrict__ C,
                                            const int* __restrict__ in_map,
                                            const int* __restrict__ out_map) {
    extern __shared__ float tiles[];
    const int bx = blockDim.x;
    const int by = ga_block_rows();
    const int T = min(bx, by);
    float* As = tiles;           // by x T
    float* Bs = tiles + by * T;  // T x bx
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();

    const int x = bx * blockIdx.x + tx;
    const int y = by * blockIdx.y + ty;

    float Csub = 0.0f;
    const int in_row = y < hA ? in_map[y] : 0;
    const int out_row = y < hA ? out_map[y] : 0;

    for (int s = 0; s < wA; s += T) {
        if (tx < T) {
            As[ty * T + tx] = ((s + tx) < wA && y < hA) ? A[(long long)wA * in_row + s + tx] : 0.0f;
        }
        if (ty < T) {
            Bs[ty * bx + tx] = ((s + ty) < hB && x < wB) ? B[(long long)wB * (s + ty) + x] : 0.0f;
        }
        __syncthreads();
        for (int k = 0; k < T; ++k) {
            Csub += As[ty * T + k] * Bs[k * bx + tx];
        }
        __syncthreads();
    }
    if (y < hA && x < wB) {
        atomicAdd(&C[(long long)wB * out_row + x], Csub);
    }
}
