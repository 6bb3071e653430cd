// Nearest-neighbour upsampling of NCHW feature planes, TensorRT's resize_nearest_kernel_2d
// (NVIDIA/TensorRT, plugin/common/kernels/maskRCNNKernels.cu, behind the ResizeNearest_TRT
// plugin: the top-down path of the FPN in TensorRT's Mask R-CNN sample) (blind check set 48:
// written after calibration, never fitted on). As in TensorRT: x0 and y0 the thread's output
// column and row, z0 = blockIdx.z the first plane, three nested grid-stride loops (the planes
// in steps of gridDim.z, the rows in steps of blockDim.y gridDim.y, the columns in steps of
// blockDim.x gridDim.x), ix = int(ox / scale) and iy = int(oy / scale), odata[batch
// obatchstride + oy ostride + ox] = idata[batch ibatchstride + iy istride + ix]; the plugin's
// 32 x 16 block on a grid of ((osize.x - 1) / 32 + 1) x ((osize.y - 1) / 16 + 1) x min(batch
// nchan, 65535). Departures: the block the sweep's, any shape, the grid cdiv(osize.x, bx) x
// cdiv(osize.y, by*bz) x min(planes, 65535), the row loop's step by*bz gridDim.y (z folded
// into the rows); int2 osize as two ints; the input pointer const __restrict__. Written from
// memory (the file as remembered). Exact (a copy; the source indices single correctly rounded
// float32 divisions). x -> output column, y*z -> output row, the grid's z -> plane.
#include "common.cuh"

extern "C" __global__ void trt_resize_nearest(int nbatch, float scale, int osize_x, int osize_y,
                                              const float* __restrict__ idata, int istride,
                                              int ibatchstride, float* __restrict__ odata,
                                              int ostride, int obatchstride) {
    int x0 = threadIdx.x + blockIdx.x * blockDim.x;
    int y0 = ga_row();
    int z0 = blockIdx.z;
    for (int batch = z0; batch < nbatch; batch += gridDim.z) {
        for (int oy = y0; oy < osize_y; oy += ga_block_rows() * gridDim.y) {
            for (int ox = x0; ox < osize_x; ox += blockDim.x * gridDim.x) {
                int ix = int(ox / scale);
                int iy = int(oy / scale);
                odata[batch * obatchstride + oy * ostride + ox] =
                    idata[batch * ibatchstride + iy * istride + ix];
            }
        }
    }
}
