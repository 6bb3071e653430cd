// The sliding-window unfold of a batch of feature maps, MegEngine's images2neibs
// forward_kernel (MegEngine/MegEngine, dnn/src/cuda/images2neibs/kernel.cu, behind
// images2neibs::forward in the same file: Images2NeibsForwardImpl::exec, the Images2Neibs
// operator of megengine.functional's sliding_window (F.nn.sliding_window), each output
// position's WH x WW window of every channel copied out, zeros where it leaves the image)
// (blind check set 68: written after calibration, never fitted on). As in MegEngine: x walks
// the window positions wp (wh = wp / WW, ww = wp % WW) in steps of the block's x, the grid's y
// a channel nc of the N C (batch, channel) planes, looping on in steps of grid_y_max = 512,
// threadIdx.y + blockIdx.x blockDim.y the output position op = oh OW + ow (below OH OW), ih =
// -ph + sh oh + wh dh and iw = -pw + sw ow + ww dw, dst[nc OH OW WH WW + op WH WW + wp] =
// src[nc IH IW + ih IW + iw] inside the image, else 0; the host's tx = min(NR_THREADS,
// WH WW), ty = NR_THREADS / tx blocks on DIVUP(OH OW, ty) x min(512, N C). Departures: the
// block the sweep's, any shape (x the window position, y*z the output position inside the
// block, z folded in). Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: copies and zeros. 2-D: x loops over the window,
// y*z the output position.
#include "common.cuh"

#define MGE_GRID_Y_MAX 512

extern "C" __global__ void megengine_images2neibs(const float* __restrict__ src,
                                                  float* __restrict__ dst, int N, int C,
                                                  int IH, int IW, int OH, int OW, int ph,
                                                  int pw, int sh, int sw, int dh, int dw,
                                                  int WH, int WW) {
    const int NC = N * C;
    const int WP = WH * WW;
    for (int wp = threadIdx.x; wp < WP; wp += blockDim.x) {
        for (int nc = blockIdx.y; nc < NC; nc += MGE_GRID_Y_MAX) {
            const int wh = wp / WW;
            const int ww = wp % WW;
            const int op = ga_row_in_block() + blockIdx.x * ga_block_rows();
            if (op < OH * OW) {
                const int oh = op / OW;
                const int ow = op % OW;
                const int ih = -ph + sh * oh + wh * dh;
                const int iw = -pw + sw * ow + ww * dw;
                const int dst_pos = nc * OH * OW * WH * WW + op * WH * WW + wp;
                const int src_pos = nc * IH * IW + ih * IW + iw;
                dst[dst_pos] =
                    (ih >= 0 && ih < IH && iw >= 0 && iw < IW) ? src[src_pos] : 0.0f;
            }
        }
    }
}
