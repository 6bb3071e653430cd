// Pairwise IoU suppression mask of non-maximum suppression, the GPU NMS kernel of Faster
// R-CNN (rbgirshick/py-faster-rcnn, lib/nms/nms_kernel.cu: nms_kernel, called by _nms of
// gpu_nms.pyx on the proposals sorted by score; the same kernel in Detectron and
// maskrcnn-benchmark) (blind check set 46: written after calibration, never fitted on). As in
// py-faster-rcnn: threadsPerBlock = 64 (the bits of an unsigned long long); the mask one word
// per box and column block of 64 boxes (col_blocks = DIVUP(n_boxes, 64) words a box); the
// column block's boxes (five floats each: x1, y1, x2, y2, score) staged in the shared array
// block_boxes, a barrier; each thread's box (read from global memory) against the column
// block's col_size boxes, from the one after itself where the row and column blocks are the
// same (start = threadIdx.x + 1), bit i set where devIoU (areas with the +1 of inclusive pixel
// corners, interS / (Sa + Sb - interS)) is above nms_overlap_thresh; the word stored at
// dev_mask[cur_box_idx * col_blocks + col_start]. Departures: py-faster-rcnn's block is 64
// threads (one row box each) and its grid DIVUP(n, 64) x DIVUP(n, 64) (x the column block,
// y the row block); here x is the row box (bx of them a block, the grid's y) and y*z the
// column block (by*bz words a block, the grid's x), so that the shared tile holds by*bz column
// blocks (64 by*bz boxes, one dynamic allocation loaded by the block's threads in a loop over
// its floats) and each thread works on the words of its y*z; a 64 x 1 block is
// py-faster-rcnn's; a thread past the boxes or the words stores nothing (its row and column
// sizes guard the same); dev_mask a long long array holding the same 64 bits. Written from
// memory. Integer corners: every width, area and sum exact, the quotient correctly rounded
// (nvcc's default -prec-div=true), the comparison exact. x -> row box, y*z -> column block.
#include "common.cuh"

#define DIVUP(m, n) ((m) / (n) + ((m) % (n) > 0))
int const threadsPerBlock = sizeof(unsigned long long) * 8;

__device__ inline float devIoU(float const* const a, float const* const b) {
    float left = max(a[0], b[0]), right = min(a[2], b[2]);
    float top = max(a[1], b[1]), bottom = min(a[3], b[3]);
    float width = max(right - left + 1, 0.f), height = max(bottom - top + 1, 0.f);
    float interS = width * height;
    float Sa = (a[2] - a[0] + 1) * (a[3] - a[1] + 1);
    float Sb = (b[2] - b[0] + 1) * (b[3] - b[1] + 1);
    return interS / (Sa + Sb - interS);
}

extern "C" __global__ void frcnn_nms_mask(const int n_boxes, const float nms_overlap_thresh,
                                          const float* __restrict__ dev_boxes,
                                          long long* __restrict__ dev_mask) {
    extern __shared__ float block_boxes[];  // [by*bz column blocks][threadsPerBlock][5]
    const int col_tile = ga_block_rows();    // column blocks a block
    const int row_start = blockIdx.y;        // the block of row boxes
    const int col_start = blockIdx.x * col_tile + ga_row_in_block();  // this thread's word

    const int col_blocks = DIVUP(n_boxes, threadsPerBlock);
    // the tile's column boxes: col_tile column blocks from the block's first
    const int tile_first = blockIdx.x * col_tile * threadsPerBlock;
    const int tile_size = min(n_boxes - tile_first, col_tile * threadsPerBlock);
    for (int e = (int)ga_tid(); e < tile_size * 5; e += (int)ga_nthreads()) {
        block_boxes[e] = dev_boxes[tile_first * 5 + e];
    }
    __syncthreads();

    const int cur_box_idx = blockDim.x * row_start + threadIdx.x;
    if (cur_box_idx < n_boxes && col_start < col_blocks) {
        const int col_size = min(n_boxes - col_start * threadsPerBlock, threadsPerBlock);
        const float* cur_box = dev_boxes + cur_box_idx * 5;
        const float* col_boxes = block_boxes + ga_row_in_block() * threadsPerBlock * 5;
        int i = 0;
        unsigned long long t = 0;
        int start = 0;
        if (cur_box_idx / threadsPerBlock == col_start) {
            start = cur_box_idx % threadsPerBlock + 1;
        }
        for (i = start; i < col_size; i++) {
            if (devIoU(cur_box, col_boxes + i * 5) > nms_overlap_thresh) {
                t |= 1ULL << i;
            }
        }
        dev_mask[(long long)cur_box_idx * col_blocks + col_start] = (long long)t;
    }
}
