// The input gather of a sparse convolution, spconv's gatherGenericKernel (traveller59/spconv,
// include/spconv/reordering.cu.h, behind sparse_gather_cuda in src/spconv/reordering.cu: for
// every kernel offset of every SparseConv3d and SubMConv3d layer of spconv 1.x, the features of
// the offset's active input voxels gathered into one dense buffer before its GEMM; the generic
// kernel where numPlanes is not a multiple of 16, as for the first layer's 5 point features)
// (blind check set 56: written after calibration, never fitted on). As in spconv: NumILP (16)
// indices a thread, gridDim.x blockDim.x apart (ILPStrideX[ilp] = ilp gridDim.x blockDim.x;
// tv::KernelLoopX<int, NumILP>: ix from blockIdx.x blockDim.x + threadIdx.x in steps of
// gridDim.x blockDim.x NumILP), the 16 feature-row offsets indices[ix + ILPStrideX[ilp]]
// numPlanes loaded first, then the planes (tv::KernelLoopY: iy from blockIdx.y blockDim.y +
// threadIdx.y in steps of gridDim.y blockDim.y), for each of the 16 indices a 4 B gather
// features[inds[ilp] + iy] stored into buffer[(ix + ILPStrideX[ilp]) numPlanes + iy], every
// access guarded by ix + ILPStrideX[ilp] < size; the host's NumTLP / NumILP x NumTLP (4 x 64)
// blocks on cdiv(size, 64) x cdiv(numPlanes, 64). Departures: the block the sweep's, any shape
// (x the index, y*z the plane, z folded in: the plane loop from ga_row() in steps of gridDim.y
// by*bz), the grid's x cdiv(size, 16 bx) so that each thread still takes 16 indices in one pass
// (spconv's cdiv(size, 64) at its 4 x 64); T float, Index int. Ported from the published
// source. Exact: a copy. 2-D: x the gathered row (16 a thread, gridDim.x bx apart), y*z the
// plane.
#include "common.cuh"

#define SPCONV_NUM_ILP 16

extern "C" __global__ void spconv_gather(float* buffer, const float* features,
                                         const int* indices, int size, int numPlanes) {
    int ILPStrideX[SPCONV_NUM_ILP];
    int inds[SPCONV_NUM_ILP];
#pragma unroll
    for (int ilp = 0; ilp < SPCONV_NUM_ILP; ilp++)
        ILPStrideX[ilp] = ilp * gridDim.x * blockDim.x;

    for (int ix = ga_col(); ix < size; ix += gridDim.x * blockDim.x * SPCONV_NUM_ILP) {
#pragma unroll
        for (int ilp = 0; ilp < SPCONV_NUM_ILP; ilp++) {
            if (ix + ILPStrideX[ilp] < size)
                inds[ilp] = indices[ix + ILPStrideX[ilp]] * numPlanes;
        }
        for (int iy = ga_row(); iy < numPlanes; iy += gridDim.y * ga_block_rows()) {
#pragma unroll
            for (int ilp = 0; ilp < SPCONV_NUM_ILP; ++ilp) {
                if (ix + ILPStrideX[ilp] < size)
                    buffer[(ix + ILPStrideX[ilp]) * numPlanes + iy] = features[inds[ilp] + iy];
            }
        }
    }
}
