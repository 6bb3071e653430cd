// shouxieai/infer's fast_nms_kernel (shouxieai/infer, src/yolo.cu, launched by
// decode_kernel_invoker in the same file after the YOLO decode kernels, behind
// yolo::InferImpl::forwards: the GPU non-maximum suppression of the TensorRT YOLO detector,
// each decoded box suppressed when a box of its class with a higher confidence (or an equal
// one later in the list) overlaps it by more than the IoU threshold) (blind check set 107:
// written after calibration, never fitted on). As in infer: position the thread's rank in the
// grid, count = min((int) the count word, MAX_IMAGE_BOXES), nothing at or past count; boxes of
// NUM_BOX_ELEMENT = 7 floats (left, top, right, bottom, confidence, class, keepflag); for i
// from 0 below count, skipping i = position and other classes, a box with confidence >= the
// thread's (an equal one only when i > position) whose box_iou with the thread's box exceeds
// the threshold sets the thread's keepflag to 0 and ends the loop; box_iou the intersection
// area (0 when empty) over the sum of the areas minus it; the host's grid_dims / block_dims
// (MAX_IMAGE_BOXES = 1024): 512 threads on 2 blocks. Departures: the block any shape
// (linearized); the count word its own one-element buffer (the source's parray[0], the boxes
// from parray + 1). Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: whole-number coordinates give exact areas and one
// correctly rounded division before the comparison. 1-D, no shared memory, a per-thread loop
// over every box: per step broadcast 4 B loads of the other box's class and confidence (and
// its four coordinates when they compete), the thread's own box re-read (lanes 28 B apart);
// a 4 B keepflag store when suppressed.
#include "common.cuh"

#define INFER_BOX_ELEMENTS 7

__device__ __forceinline__ float infer_box_iou(float al, float at, float ar, float ab, float bl,
                                               float bt, float br, float bb) {
    const float cl = fmaxf(al, bl);
    const float ct = fmaxf(at, bt);
    const float cr = fminf(ar, br);
    const float cb = fminf(ab, bb);
    const float c_area = fmaxf(cr - cl, 0.0f) * fmaxf(cb - ct, 0.0f);
    if (c_area == 0.0f) return 0.0f;
    const float a_area = fmaxf(0.0f, ar - al) * fmaxf(0.0f, ab - at);
    const float b_area = fmaxf(0.0f, br - bl) * fmaxf(0.0f, bb - bt);
    return c_area / (a_area + b_area - c_area);
}

extern "C" __global__ void infer_fast_nms(float* bboxes, const float* count_word,
                                          int max_image_boxes, float threshold) {
    const long long position = ga_linear();
    const int count = min((int)*count_word, max_image_boxes);
    if (position >= count) return;
    float* current = bboxes + position * INFER_BOX_ELEMENTS;
    for (int i = 0; i < count; ++i) {
        const float* item = bboxes + (long long)i * INFER_BOX_ELEMENTS;
        if (i == position || current[5] != item[5]) continue;
        if (item[4] >= current[4]) {
            if (item[4] == current[4] && i < position) continue;
            const float iou = infer_box_iou(current[0], current[1], current[2], current[3],
                                            item[0], item[1], item[2], item[3]);
            if (iou > threshold) {
                current[6] = 0.0f;  // suppressed
                return;
            }
        }
    }
}
