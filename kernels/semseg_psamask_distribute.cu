// semseg's psamask_distribute_forward_cuda (hszhao/semseg, lib/psa/src/gpu/psamask_cuda.cu,
// launched by psamask_forward_cuda in the same file (psa_type 1) behind lib/psa's PSAMask, the
// point-wise spatial attention module of PSANet: each position's predicted mask_H x mask_W
// attention map, centred on it, "distributed" into an H W x H W attention matrix, its
// over-the-image window copied into the position's own row) (blind check set 94: written after
// calibration, never fitted on). As in semseg: a grid-stride loop (CUDA_KERNEL_LOOP) over the
// nthreads = num H W positions, (n, h, w) from the index, the effective mask window
// [max(0, half_mask_H - h), min(mask_H, H + half_mask_H - h)) x the same for w, and for each
// (hidx, widx) of it buffer[(n H W + h W + w) H W + (hidx + h - half_mask_H) W + (widx + w -
// half_mask_W)] = mask[((n mask_H mask_W + hidx mask_W + widx) H + h) W + w]; the host's 512
// threads on nthreads blocks (a grid of one block a position, all but the first
// cdiv(nthreads, 512) finding nothing to do). Departures: the block the sweep's, any shape
// (linearized, the loop striding by the grid's threads); 64-bit offsets. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// copies. 1-D, no shared memory: each thread a loop over its window, a 4 B mask load a step (a
// warp's 128 B contiguous: the mask's position axis innermost) and a 4 B store into its own
// H W row of the buffer (a warp's lanes H W * 4 B apart, each storing consecutively).
#include "common.cuh"

extern "C" __global__ void semseg_psamask_distribute(int nthreads, int feature_H_,
                                                     int feature_W_, int mask_H_, int mask_W_,
                                                     int half_mask_H_, int half_mask_W_,
                                                     const float* mask_data,
                                                     float* buffer_data) {
    const long long step = (long long)gridDim.x * ga_nthreads();
    const long long hw = (long long)feature_H_ * feature_W_;
    for (long long index = ga_linear(); index < nthreads; index += step) {
        const int w = (int)(index % feature_W_);
        const int h = (int)((index / feature_W_) % feature_H_);
        const long long n = index / feature_W_ / feature_H_;
        const int h0 = max(0, half_mask_H_ - h);
        const int h1 = min(mask_H_, feature_H_ + half_mask_H_ - h);
        const int w0 = max(0, half_mask_W_ - w);
        const int w1 = min(mask_W_, feature_W_ + half_mask_W_ - w);
        float* row = buffer_data + (n * hw + (long long)h * feature_W_ + w) * hw;
        for (int hidx = h0; hidx < h1; hidx++) {
            for (int widx = w0; widx < w1; widx++) {
                const long long src =
                    ((n * mask_H_ * mask_W_ + (long long)hidx * mask_W_ + widx) * feature_H_ + h) *
                        feature_W_ + w;
                row[(long long)(hidx + h - half_mask_H_) * feature_W_ + (widx + w - half_mask_W_)] =
                    mask_data[src];
            }
        }
    }
}
