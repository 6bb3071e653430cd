// The volume update of a 2-D SIRT iteration, the ASTRA Toolbox's devDDtoD<opAddMul, 32>
// (astra-toolbox/astra-toolbox, cuda/2d/arith.cu, behind processVol<opAddMul>(D_volumeData,
// D_pixelWeight, D_tmpData, volumePitch, dims) in SIRT::iterate (cuda/2d/sirt.cu): the volume
// plus the pixel weights times the backprojected residual) (blind check set 49: written after
// calibration, never fitted on). As in ASTRA: x = threadIdx.x + 16 blockIdx.x, a thread past
// the width returning, then `repeat` (32) consecutive rows a thread from y = (threadIdx.y + 16
// blockIdx.y) repeat, off = y pitch + x stepping by the pitch, stopping at the height, and
// opAddMul's out += in1 in2 on each; pitch the float pitch of cudaMallocPitch's rows; the
// host's dim3(16, 16) blocks on ((width + 15) / 16, (height + 511) / 512) blocks.
// Departures: the 16 x 16 block the sweep's, any shape (x = threadIdx.x + blockDim.x
// blockIdx.x; the block's rows by*bz, z folded into them: y = (row in block + by*bz
// blockIdx.y) repeat), the grid cdiv(width, bx) x cdiv(height, 32 by*bz); the templated
// __global__ a __device__ function called by an extern "C" entry; the product and sum written
// with __fmul_rn and __fadd_rn (no FMA contraction). Written from memory. Exact (one correctly
// rounded float32 product and sum an element). x -> column, y*z -> a run of 32 rows.
#include "common.cuh"

struct opAddMul {
    __device__ void operator()(float& out, const float in1, const float in2) {
        out = __fadd_rn(out, __fmul_rn(in1, in2));  // out += in1 * in2
    }
};

template <typename op, unsigned int repeat>
__device__ void devDDtoD(float* pfOut, const float* pfIn1, const float* pfIn2,
                         unsigned int pitch, unsigned int width, unsigned int height) {
    unsigned int x = threadIdx.x + blockDim.x * blockIdx.x;
    if (x >= width) return;

    unsigned int y = (ga_row_in_block() + ga_block_rows() * blockIdx.y) * repeat;
    unsigned int off = (ga_row_in_block() + ga_block_rows() * blockIdx.y) * repeat * pitch + x;
    for (unsigned int i = 0; i < repeat; ++i) {
        if (y >= height) break;
        op()(pfOut[off], pfIn1[off], pfIn2[off]);
        off += pitch;
        y++;
    }
}

extern "C" __global__ void astra_add_mul(float* pfOut, const float* pfIn1, const float* pfIn2,
                                         unsigned int pitch, unsigned int width,
                                         unsigned int height) {
    devDDtoD<opAddMul, 32>(pfOut, pfIn1, pfIn2, pitch, width, height);
}
