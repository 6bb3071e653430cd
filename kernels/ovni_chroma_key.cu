// OVNI's chroma_key (billythegoat356/OVNI, ovni/kernels/src/filter.cu, launched by
// ovni.ops.filter.chroma_key with THREADS (16, 16) on make_blocks(width, height) =
// cdiv(width, 16) x cdiv(height, 16) blocks: a GPU video-editing library's green-screen
// keying of an RGBA frame, the alpha byte set from each pixel's distance to the key colour)
// (blind check set 116: written after calibration, never fitted on). As in OVNI: x =
// blockIdx.x blockDim.x + threadIdx.x, y = blockIdx.y blockDim.y + threadIdx.y, threads past
// the width x height frame do nothing; the pixel's R, G, B bytes read, metric = sqrtf of the
// summed squared differences from the key (kR, kG, kB), alpha = (metric - transparency_t) /
// (float)(opacity_t - transparency_t), the alpha byte = (unsigned char) of alpha * 255
// clamped to [0, 255]. Departures: the block any shape (x the column; y*z the row, z folded
// in), the frame passed as 32-bit words (one RGBA pixel a word, still read and written a
// byte at a time as in the source), the key bytes passed as ints, the squares integer
// products summed as ints (the source's powf(d, 2) of each integer difference summed in
// float: the same exact value, under 2^24), 64-bit pixel offsets. Reimplemented from the published source (its indexing, arithmetic and control
// flow; none of its text). Exact: integer squares, IEEE sqrtf and division, nothing to contract.
// 2-D, no shared memory: per thread three 1 B loads and one 1 B store inside its pixel's
// 4 B word (a warp's 128 B contiguous).
#include "common.cuh"

extern "C" __global__ void ovni_chroma_key(unsigned int* frame, int key_r, int key_g, int key_b,
                                           int transparency_t, int opacity_t, int width,
                                           int height) {
    const int x = ga_col();
    const int y = ga_row();
    if (x >= width || y >= height) return;
    unsigned char* px = reinterpret_cast<unsigned char*>(frame) + ((long long)y * width + x) * 4;
    const int dr = key_r - (int)px[0];
    const int dg = key_g - (int)px[1];
    const int db = key_b - (int)px[2];
    const float metric = sqrtf((float)(dr * dr + dg * dg + db * db));
    const float alpha = (metric - (float)transparency_t) / (float)(opacity_t - transparency_t);
    const float scaled = fminf(fmaxf(alpha * 255.0f, 0.0f), 255.0f);
    px[3] = (unsigned char)scaled;
}
