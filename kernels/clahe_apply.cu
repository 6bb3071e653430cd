// The mapping step of CLAHE (contrast-limited adaptive histogram equalization), OpenCV's CUDA
// CLAHE (cudaimgproc, clahe.cu: clahe::transformKernel, the pass after calcLutKernel has built
// one 256-entry LUT per tile): each pixel looked up in the LUTs of the four tiles whose
// centres surround it and the four values blended bilinearly by the pixel's position, one
// pixel per thread (blind check set 26: written after calibration, never fitted on; its sweeps
// go to fixtures/hopper/blind26/ once recorded). src and dst are rows x cols 8-bit images and
// lut is (tiles_y tiles_x) x 256 bytes (tile ty * tiles_x + tx's map in row ty * tiles_x +
// tx), all bytes travelling four a little-endian uint32 word. tyf = y / tile_h - 0.5 (float),
// ty1 = floor(tyf), ty2 = ty1 + 1, ya = tyf - ty1, then ty1 clamped to >= 0 and ty2 to <=
// tiles_y - 1 (x likewise); res = lut[ty1, tx1][p] (1 - xa)(1 - ya) + lut[ty1, tx2][p] xa
// (1 - ya) + lut[ty2, tx1][p] (1 - xa) ya + lut[ty2, tx2][p] xa ya accumulated in that order,
// dst = saturate_cast<uchar>(res) (cvt.rni.sat.u8.f32: round half to even, clamp to [0,
// 255]). Per thread: one 1 B pixel load (contiguous along a row), four data-dependent 1 B LUT
// loads (the tile pair's two LUTs 256 B apart, the other pair tiles_x * 256 B on, at the
// pixel's value: a warp's lanes scatter over a few lines of each LUT; the table,
// tiles_y * tiles_x * 256 B, stays in L2), some 20 float operations, one 1 B store. No shared
// memory. Tile sizes powers of two up to 64 keep every weight and product exact in float32,
// so the result is exact. x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void clahe_apply(const unsigned* __restrict__ src_words,
                                       unsigned* __restrict__ dst_words,
                                       const unsigned* __restrict__ lut_words, int rows, int cols,
                                       int tile_w, int tile_h, int tiles_x, int tiles_y) {
    const unsigned char* src = reinterpret_cast<const unsigned char*>(src_words);
    unsigned char* dst = reinterpret_cast<unsigned char*>(dst_words);
    const unsigned char* lut = reinterpret_cast<const unsigned char*>(lut_words);
    const int x = ga_col();
    const int y = ga_row();
    if (x >= cols || y >= rows) {
        return;
    }
    const float tyf = ((float)y / tile_h) - 0.5f;
    int ty1 = (int)floorf(tyf);
    int ty2 = ty1 + 1;
    const float ya = tyf - ty1;
    ty1 = max(ty1, 0);
    ty2 = min(ty2, tiles_y - 1);
    const float txf = ((float)x / tile_w) - 0.5f;
    int tx1 = (int)floorf(txf);
    int tx2 = tx1 + 1;
    const float xa = txf - tx1;
    tx1 = max(tx1, 0);
    tx2 = min(tx2, tiles_x - 1);
    const int srcVal = src[(long long)y * cols + x];
    float res = 0;
    res += lut[(ty1 * tiles_x + tx1) * 256 + srcVal] * ((1.0f - xa) * (1.0f - ya));
    res += lut[(ty1 * tiles_x + tx2) * 256 + srcVal] * ((xa) * (1.0f - ya));
    res += lut[(ty2 * tiles_x + tx1) * 256 + srcVal] * ((1.0f - xa) * (ya));
    res += lut[(ty2 * tiles_x + tx2) * 256 + srcVal] * ((xa) * (ya));
    // saturate_cast<uchar>(float): round to nearest even, saturate
    dst[(long long)y * cols + x] = (unsigned char)min(max(rintf(res), 0.0f), 255.0f);
}
