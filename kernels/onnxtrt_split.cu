// The Split plugin of ONNX-TensorRT, split_kernel (onnx/onnx-tensorrt, Split.cu, behind
// SplitPlugin::enqueue in the same file: an ONNX Split node of a TensorRT engine built by the
// ONNX parser, the input cut along one axis into outputs of the given lengths) (blind check set
// 72: written after calibration, never fitted on). As in ONNX-TensorRT: nx the product of the
// dimensions after the axis, src_ny the axis' length, nz those before it times the batch; x0 =
// threadIdx.x + blockIdx.x blockDim.x, src_y0 = threadIdx.y + blockIdx.y blockDim.y, z0 from
// the grid's z; three nested grid-stride loops (z over nz in steps of gridDim.z, src_y over
// src_ny in steps of the grid's rows, x over nx in steps of its columns), the segment
// upper_bound(segment_offsets, nsegment, src_y) - 1 by binary search, dst_y = src_y -
// segment_offsets[segment], dst_ny its length, odatas[segment][x + nx (dst_y + dst_ny z)] =
// idata[x + nx (src_y + src_ny z)]; the host's 32 x 16 blocks on min(cdiv(nx, 32), 65535) x
// min(cdiv(ny, 16), 65535) x min(_nz, 65535) blocks (_nz 1 when the axis is the first
// non-batch one: the batch looped). Departures: the block the sweep's, any shape (x the
// column, y*z the row, z folded in: z from the grid's z alone); the outputs (a device array of
// pointers in ONNX-TensorRT) as one buffer, each output's [nz, len, nx] values after the ones
// before it (segment_offsets[segment] nx nz on). Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: copies. 2-D: x -> column
// (inner index), y*z -> row (the split axis), the outer index looped.
#include "common.cuh"

__device__ __forceinline__ int onnxtrt_upper_bound(const int* vals, int n, int key) {
    int i = 0;
    while (n > 0) {
        const int m = n / 2;
        const int j = i + m;
        if (!(key < vals[j])) {
            i = j + 1;
            n -= m + 1;
        } else {
            n = m;
        }
    }
    return i;
}

extern "C" __global__ void onnxtrt_split(int nsegment, const int* __restrict__ segment_offsets,
                                         const float* __restrict__ idata,
                                         float* __restrict__ odata, int nx, int src_ny,
                                         int nz) {
    const int x0 = ga_col();
    const int src_y0 = ga_row();
    for (int z = blockIdx.z; z < nz; z += gridDim.z) {
        for (int src_y = src_y0; src_y < src_ny; src_y += ga_block_rows() * gridDim.y) {
            for (int x = x0; x < nx; x += blockDim.x * gridDim.x) {
                const int segment = onnxtrt_upper_bound(segment_offsets, nsegment, src_y) - 1;
                const int dst_y = src_y - segment_offsets[segment];
                const int dst_ny = segment_offsets[segment + 1] - segment_offsets[segment];
                const long long out = (long long)segment_offsets[segment] * nx * nz;
                odata[out + x + (long long)nx * (dst_y + (long long)dst_ny * z)] =
                    idata[x + (long long)nx * (src_y + (long long)src_ny * z)];
            }
        }
    }
}
