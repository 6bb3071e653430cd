// Rotation of an interleaved 8-bit RGB image by 90 degrees clockwise (the EXIF orientation 6
// fix of a photo taken in portrait: cv::rotate(ROTATE_90_CLOCKWISE), libjpeg-turbo's
// tjTransform TJXOP_ROT90 on decoded pixels, NPP's nppiRotate at 90 degrees), one thread per
// input pixel, out of place (blind check set 20: written after calibration, never fitted on;
// its sweeps go to fixtures/hopper/blind20/ once recorded). The input is rows x cols pixels
// of three bytes (R, G, B), rows packed; the output cols x rows pixels: input pixel (r, c)
// goes to output row c, column rows - 1 - r (the input's bottom-left corner to the top
// left). The bytes travel in 32-bit words (the buffers are uint32 on the host). Per thread:
// three 1 B loads (a warp's lanes read 96 contiguous bytes of one input row) and three 1 B
// stores into its own output row (a warp's lanes write 32 output rows rows * 3 bytes apart,
// the block's rows the neighbouring pixels of those rows, right to left). No shared memory.
// Bytes: exact. x -> column of the input, y*z -> row of the input.
#include "common.cuh"

extern "C" __global__ void rot90_rgb8(const unsigned* __restrict__ in_words,
                                      unsigned* __restrict__ out_words, int rows, int cols) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    const unsigned char* src =
        reinterpret_cast<const unsigned char*>(in_words) + ((long long)r * cols + c) * 3;
    unsigned char* dst =
        reinterpret_cast<unsigned char*>(out_words) + ((long long)c * rows + (rows - 1 - r)) * 3;
    const unsigned char red = src[0], green = src[1], blue = src[2];
    dst[0] = red;
    dst[1] = green;
    dst[2] = blue;
}
