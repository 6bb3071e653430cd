// TensorMask's aligned-to-natural mask conversion, SwapAlign2NatForwardFeat<float>
// (facebookresearch/detectron2, projects/TensorMask/tensormask/layers/csrc/SwapAlign2Nat/
// SwapAlign2Nat_cuda.cu, launched by SwapAlign2Nat_forward_cuda in the same file, behind
// SwapAlign2Nat in tensormask/layers/swap_align2nat.py and TensorMaskHead.forward in
// tensormask/arch.py: every level's mask prediction of the tensor bipyramid, lambda = 2^level,
// resampled from the aligned (V, U) x (H, W) representation to the natural one with the unit
// lengths of the two pairs swapped, pad_val -6 outside) (blind check set 75: written after
// calibration, never fitted on). As in detectron2: a grid-stride loop (CUDA_1D_KERNEL_LOOP)
// over the outputs (n, v, u, y, x), x fastest; ox = x lambda + u - hUout + 0.5, oy alike, ou =
// (u + 0.5) / lambda - 0.5, ov alike (the 0.5s double, as written), each split into floor,
// ceil and the weights ox - floor and 1 - that; the output the sum of the 16 corners' weight
// products ywf xwf vwf uwf ... times the input at (n, v', u', y', x') or pad_val outside the
// input, in the source's order (y, then x, then v, then u, floor before ceil); the host's 512
// threads on min(cdiv(outputs, 512), 4096) blocks. Departures: the block the sweep's, any shape
// (linearized; the grid-stride loop kept on min(cdiv(outputs, threads), 4096) blocks); the 16
// written-out terms as unrolled loops over the corners (the same products, the same order).
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: whole-number inputs and pad; with lambda a power of two every weight a
// multiple of 1 / (2 lambda) (dyadic), every product and partial sum exact, contracted or not.
// 1-D: one thread an output value, the grid capped and looping.
#include "common.cuh"

// the input at (n, v, u, y, x), or pad_val outside it
__device__ __forceinline__ float tmask_at(const float* data, int n, int V, int U, int H, int W,
                                          int v, int u, int y, int x, float pad_val) {
    if (v < 0 || v >= V || u < 0 || u >= U || y < 0 || y >= H || x < 0 || x >= W) return pad_val;
    return data[(((n * V + v) * U + u) * H + y) * W + x];
}

extern "C" __global__ void tmask_swap_align2nat(int nthreads, const float* __restrict__ bottom_data,
                                                int Vout, int Uout, float hVout, float hUout,
                                                int Vin, int Uin, float lambda, int Hin,
                                                int Win, int Hout, int Wout, float pad_val,
                                                float* __restrict__ top_data) {
    const int step = gridDim.x * (int)ga_nthreads();
    for (int index = (int)ga_linear(); index < nthreads; index += step) {
        int rest = index;
        const int x = rest % Wout;
        rest /= Wout;
        const int y = rest % Hout;
        rest /= Hout;
        const int u = rest % Uout;
        rest /= Uout;
        const int v = rest % Vout;
        const int n = rest / Vout;

        // the natural position of (v, u, y, x) in the aligned input, per axis
        const float px = x * lambda + u - hUout + 0.5;
        const int x0 = (int)floor(px), x1 = (int)ceil(px);
        const float wx1 = px - x0, wx0 = 1. - wx1;
        const float py = y * lambda + v - hVout + 0.5;
        const int y0 = (int)floor(py), y1 = (int)ceil(py);
        const float wy1 = py - y0, wy0 = 1. - wy1;
        const float pu = (u + 0.5) / lambda - 0.5;
        const int u0 = (int)floor(pu), u1 = (int)ceil(pu);
        const float wu1 = pu - u0, wu0 = 1. - wu1;
        const float pv = (v + 0.5) / lambda - 0.5;
        const int v0 = (int)floor(pv), v1 = (int)ceil(pv);
        const float wv1 = pv - v0, wv0 = 1. - wv1;

        float val = 0.0f;
        bool first = true;
#pragma unroll
        for (int a = 0; a < 2; a++) {          // y: floor, ceil
#pragma unroll
            for (int b = 0; b < 2; b++) {      // x
#pragma unroll
                for (int c = 0; c < 2; c++) {  // v
#pragma unroll
                    for (int d = 0; d < 2; d++) {  // u
                        const float w = (a ? wy1 : wy0) * (b ? wx1 : wx0) * (c ? wv1 : wv0) *
                                        (d ? wu1 : wu0);
                        const float term = w * tmask_at(bottom_data, n, Vin, Uin, Hin, Win,
                                                        c ? v1 : v0, d ? u1 : u0, a ? y1 : y0,
                                                        b ? x1 : x0, pad_val);
                        val = first ? term : val + term;
                        first = false;
                    }
                }
            }
        }
        top_data[index] = val;
    }
}
