// SAM 2's cc2d::init_counting (facebookresearch/sam2, sam2/csrc/connected_components.cu,
// launched by get_connected_componnets in the same file behind sam2.utils.misc's
// get_connected_components, which fill_holes_in_mask_scores uses to remove small holes and
// sprinkles from the predicted video masks: after the block-based union-find labelling, the
// pixel count of every connected component, one atomic increment a labelled pixel) (blind check
// set 94: written after calibration, never fitted on). As in SAM 2: row = blockIdx.y
// blockDim.y + threadIdx.y, col = blockIdx.x blockDim.x + threadIdx.x, idx = row W + col,
// nothing outside the H x W image; y = label[idx] and, for a foreground pixel (y > 0),
// atomicAdd(count_init + y - 1, 1); the host's BLOCK_COLS x BLOCK_ROWS = 16 x 16 threads on
// (W + 16) / 16 x (H + 16) / 16 blocks, one launch an image of the batch. Departures: the block
// the sweep's, any shape (x the column, y*z the row with z folded in) on a covering grid
// cdiv(W, bx) x cdiv(H, by*bz) (the host's has a spare block column and row when 16 divides W
// or H); one image (the launch of the host's loop); 64-bit offsets. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// integer counts, order-free. 2-D, no shared memory: each thread a 4 B label load (a warp's
// 128 B contiguous) and, for a labelled pixel, a 4 B integer atomicAdd at its component's
// counter (a warp's lanes mostly on a few counters: a component's pixels share one).
#include "common.cuh"

extern "C" __global__ void sam2_init_counting(const int* label, int* count_init, int W, int H) {
    const long long row = ga_row();
    const long long col = ga_col();
    if (row >= H || col >= W) return;
    const int y = label[row * W + col];
    if (y > 0) atomicAdd(count_init + (y - 1), 1);
}
