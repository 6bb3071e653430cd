// NV12 to RGBA8 colour conversion, BT.601 limited range in 8-bit fixed point (blind check
// set 8: kept out of every fit; its sweeps go to fixtures/hopper/blind8/ once recorded), the
// step after a hardware video decoder (NVDEC hands out NV12 frames) before display or a
// network. NV12: a full-resolution luma plane, then a half-resolution plane of interleaved
// (U, V) byte pairs, both `pitch` bytes a row; the byte planes travel in 32-bit words (the
// buffers are uint32 on the host). Per pixel: C = Y - 16, D = U - 128, E = V - 128,
// R = (298 C + 409 E + 128) >> 8, G = (298 C - 100 D - 208 E + 128) >> 8,
// B = (298 C + 516 D + 128) >> 8, each clamped to [0, 255], stored as one packed RGBA word
// (alpha 255). Each thread loads one luma byte (32 contiguous bytes per warp) and the (U, V)
// pair it shares with its 2 x 2 pixel quad (two 1 B loads; the warp's 32 B of chroma row
// are read by two rows of threads), and stores one 4 B word (128 contiguous bytes per warp).
// Integer arithmetic: exact. x -> column, y*z -> row.
#include "common.cuh"

__device__ __forceinline__ unsigned ga_clamp_u8(int v) {
    return (unsigned)min(max(v, 0), 255);
}

extern "C" __global__ void nv12_to_rgba(const unsigned* __restrict__ luma_words,
                                        const unsigned* __restrict__ chroma_words,
                                        unsigned* __restrict__ rgba, int rows, int cols,
                                        int pitch) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    const unsigned char* luma = reinterpret_cast<const unsigned char*>(luma_words);
    const unsigned char* chroma = reinterpret_cast<const unsigned char*>(chroma_words);
    const size_t uv = (size_t)(r >> 1) * pitch + (c & ~1);
    const int y = (int)luma[(size_t)r * pitch + c] - 16;
    const int u = (int)chroma[uv] - 128;
    const int v = (int)chroma[uv + 1] - 128;
    const unsigned red = ga_clamp_u8((298 * y + 409 * v + 128) >> 8);
    const unsigned green = ga_clamp_u8((298 * y - 100 * u - 208 * v + 128) >> 8);
    const unsigned blue = ga_clamp_u8((298 * y + 516 * u + 128) >> 8);
    rgba[(size_t)r * cols + c] = red | (green << 8) | (blue << 16) | 0xFF000000u;
}
