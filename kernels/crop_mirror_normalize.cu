// Crop, mirror and normalize of a batch of decoded 8-bit RGB images into the planar float32
// tensor a vision network reads (the last step of an image-classification input pipeline:
// NVIDIA DALI's crop_mirror_normalize, torchvision's RandomCrop + RandomHorizontalFlip +
// ToTensor + Normalize fused into one kernel) (blind check set 16: written after
// calibration, never fitted on; its sweeps go to fixtures/hopper/blind16/ once recorded).
// Input: N interleaved HWC RGB images of H x W bytes x 3 (the bytes travel in 32-bit words:
// the buffer is uint32 on the host); per image a crop anchor (crop_y, crop_x) and a mirror
// flag (the training-time random augmentation, drawn on the host). Output: NCHW float32,
// out[n][c][oy][ox] = (in[n][crop_y + oy][crop_x + ox'][c] - mean[c]) * inv_std[c] with
// ox' = CW - 1 - ox when the image is mirrored, else ox (ImageNet's mean and standard
// deviation x 255). One thread per output pixel, all three channels: x -> output column,
// y*z -> (n, oy) over N x CH rows; an integer divide of the row by CH, three per-image
// 4 B loads (the same address for the lanes of one image: broadcast), three 1 B loads of
// the pixel (a warp's 32 pixels are 96 contiguous bytes, read backwards in a mirrored
// image), three subtract-multiplies and three 4 B stores, one to each channel plane
// (128 contiguous bytes per warp and plane, the planes CH x CW floats apart). float32: one
// rounding for the subtraction and one for the product, as the reference computes them
// (exact). No shared memory.
#include "common.cuh"

extern "C" __global__ void crop_mirror_normalize(
    const unsigned* __restrict__ image_words, const int* __restrict__ crop_y,
    const int* __restrict__ crop_x, const int* __restrict__ mirror, float* __restrict__ out,
    int height, int width, int crop_h, int crop_w, int out_rows, float mean_r, float mean_g,
    float mean_b, float inv_std_r, float inv_std_g, float inv_std_b) {
    const int ox = ga_col();
    const int row = ga_row();  // n CH + oy
    if (row >= out_rows || ox >= crop_w) {
        return;
    }
    const int n = row / crop_h;
    const int oy = row - n * crop_h;
    const int ix = crop_x[n] + (mirror[n] ? crop_w - 1 - ox : ox);
    const int iy = crop_y[n] + oy;
    const unsigned char* pixel = reinterpret_cast<const unsigned char*>(image_words) +
                                 (((long long)n * height + iy) * width + ix) * 3;
    const long long plane = (long long)crop_h * crop_w;
    float* dst = out + 3 * plane * n + (long long)oy * crop_w + ox;
    dst[0] = ((float)pixel[0] - mean_r) * inv_std_r;
    dst[plane] = ((float)pixel[1] - mean_g) * inv_std_g;
    dst[2 * plane] = ((float)pixel[2] - mean_b) * inv_std_b;
}
