// gSLICr's Enforce_Connectivity_device with supress_local_lable (carlren/gSLICr,
// gSLICr_Lib/engines/gSLICr_seg_engine_GPU.cu and gSLICr_Lib/engines/gSLICr_seg_engine_shared.h,
// launched twice (ping-pong between idx_img and tmp_idx_img) by seg_engine_GPU::
// Enforce_Connectivity in the same file: the clean-up pass of gSLICr's real-time SLIC superpixel
// segmentation, relabelling a pixel whose 5 x 5 neighbourhood mostly belongs to other
// superpixels) (blind check set 95: written after calibration, never fitted on). As in gSLICr:
// x = threadIdx.x + blockIdx.x blockDim.x (the column), y = threadIdx.y + blockIdx.y blockDim.y
// (the row), threads past the image leaving; the pixel's label read; within two pixels of the
// border the label copied unchanged; otherwise the 25 labels of the 5 x 5 window scanned row by
// row (j from -2 to 2 outer, i from -2 to 2 inner), counting those that differ from the
// pixel's and remembering the last differing one; the output the last differing label where
// 16 or more differ, else the pixel's own; the host's BLOCK_DIM x BLOCK_DIM = 16 x 16 threads
// on ceil(W / 16) x ceil(H / 16) blocks. Departures: the block any shape (x the column, y*z the
// row with z folded in); one launch (one half of the host's ping-pong); the image size as two
// ints for Vector2i. Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: integer comparisons and counts. 2-D, no shared
// memory: x -> column, y*z -> row: 25 4 B label loads a pixel (a warp's 128 B contiguous
// each, five rows of the window, the neighbouring lanes' windows overlapping in L1) and a 4 B
// store (a warp's 128 B).
#include "common.cuh"

extern "C" __global__ void gslicr_suppress_label(const int* in_idx_img, int* out_idx_img,
                                                 int img_w, int img_h) {
    const int x = ga_col();
    const int y = ga_row();
    if (x > img_w - 1 || y > img_h - 1) return;

    const long long at = (long long)y * img_w + x;
    const int own = in_idx_img[at];
    if (x <= 1 || y <= 1 || x >= img_w - 2 || y >= img_h - 2) {
        out_idx_img[at] = own;
        return;
    }

    int differing = 0;
    int other = -1;
    for (int j = -2; j <= 2; ++j) {
        const int* line = in_idx_img + (long long)(y + j) * img_w + x;
        for (int i = -2; i <= 2; ++i) {
            const int label = line[i];
            if (label != own) {
                other = label;
                ++differing;
            }
        }
    }
    out_idx_img[at] = differing >= 16 ? other : own;
}
