// A 3-D colour lookup table applied to a 16-bit planar RGB frame by tetrahedral
// interpolation, FFmpeg's lut3d filter (libavfilter/vf_lut3d.c: interp_16_tetrahedral_p16 on
// gbrp16, a .cube grading LUT of 33^3 entries), the grade of a colour pipeline that keeps the
// graded planes in float32 for the next stage (blind check set 23: written after calibration,
// never fitted on; its sweeps go to fixtures/hopper/blind23/ once recorded). The frame is
// three row-major planes of 16-bit samples in FFmpeg's gbrp order (G, B, R), each travelling
// as uint32 words of two little-endian samples (sample 2 w in the low half of word w) and read
// as 16-bit samples, as FFmpeg's uint16_t planes. The LUT holds size^3 float32 RGB triples,
// r slowest, b fastest (lut[(r size + g) size + b], FFmpeg's layout). Per pixel, as
// interp_tetrahedral: s = sample * scale per channel (scale = (1 / 65535) (size - 1) in
// float32, FFmpeg's scale_r), prev = (int) s, next = min(prev + 1, size - 1), d = s - prev;
// the cube's corners c000 (prev, prev, prev) and c111 (next, next, next) and the two corners of the
// tetrahedron that the order of d.r, d.g and d.b picks (six cases, FFmpeg's branches), the
// value a weighted sum of four corners. Out: three float32 planes (G, B, R) without FFmpeg's
// final quantization to 16 bits. Per thread: three 2 B plane loads (contiguous: a warp's
// lanes 64 B of each plane), a data-dependent 12 B gather of each of four corners (three 4 B
// loads each) in the 421 KiB table (neighbouring pixels of smooth footage share corners;
// random samples scatter the lanes over the table, mostly L1 and L2 hits), a divergent
// six-way branch, and three contiguous 4 B stores. No shared memory. float32 (the reference
// reproduces the scale multiply; the sums differ by rounding: the manifest's tolerance).
// x -> column, y*z -> row.
#include "common.cuh"

struct lut3d_rgb {
    float r, g, b;
};

__device__ __forceinline__ lut3d_rgb lut3d_at(const float* __restrict__ lut, int size, int r,
                                              int g, int b) {
    const float* e = lut + 3 * ((r * size + g) * size + b);
    return {e[0], e[1], e[2]};
}

// w0 a + w1 b + w2 c + w3 d, channel by channel.
__device__ __forceinline__ lut3d_rgb lut3d_mix(float w0, lut3d_rgb a, float w1, lut3d_rgb b,
                                               float w2, lut3d_rgb c, float w3, lut3d_rgb d) {
    return {w0 * a.r + w1 * b.r + w2 * c.r + w3 * d.r, w0 * a.g + w1 * b.g + w2 * c.g + w3 * d.g,
            w0 * a.b + w1 * b.b + w2 * c.b + w3 * d.b};
}

extern "C" __global__ void lut3d_tetra(const unsigned* __restrict__ g_words,
                                       const unsigned* __restrict__ b_words,
                                       const unsigned* __restrict__ r_words,
                                       const float* __restrict__ lut, float* __restrict__ out_g,
                                       float* __restrict__ out_b, float* __restrict__ out_r,
                                       int rows, int cols, int size) {
    const int x = ga_col();
    const int y = ga_row();
    if (y >= rows || x >= cols) {
        return;
    }
    const long long i = (long long)y * cols + x;
    const unsigned short* gp = reinterpret_cast<const unsigned short*>(g_words);
    const unsigned short* bp = reinterpret_cast<const unsigned short*>(b_words);
    const unsigned short* rp = reinterpret_cast<const unsigned short*>(r_words);
    const float scale = (1.0f / 65535.0f) * (float)(size - 1);  // FFmpeg's scale_r
    const float sr = rp[i] * scale, sg = gp[i] * scale, sb = bp[i] * scale;
    const int pr = (int)sr, pg = (int)sg, pb = (int)sb;
    const int nr = min(pr + 1, size - 1), ng = min(pg + 1, size - 1), nb = min(pb + 1, size - 1);
    const float dr = sr - pr, dg = sg - pg, db = sb - pb;
    const lut3d_rgb c000 = lut3d_at(lut, size, pr, pg, pb);
    const lut3d_rgb c111 = lut3d_at(lut, size, nr, ng, nb);
    lut3d_rgb c;
    if (dr > dg) {
        if (dg > db) {
            c = lut3d_mix(1.0f - dr, c000, dr - dg, lut3d_at(lut, size, nr, pg, pb), dg - db,
                          lut3d_at(lut, size, nr, ng, pb), db, c111);
        } else if (dr > db) {
            c = lut3d_mix(1.0f - dr, c000, dr - db, lut3d_at(lut, size, nr, pg, pb), db - dg,
                          lut3d_at(lut, size, nr, pg, nb), dg, c111);
        } else {
            c = lut3d_mix(1.0f - db, c000, db - dr, lut3d_at(lut, size, pr, pg, nb), dr - dg,
                          lut3d_at(lut, size, nr, pg, nb), dg, c111);
        }
    } else {
        if (db > dg) {
            c = lut3d_mix(1.0f - db, c000, db - dg, lut3d_at(lut, size, pr, pg, nb), dg - dr,
                          lut3d_at(lut, size, pr, ng, nb), dr, c111);
        } else if (db > dr) {
            c = lut3d_mix(1.0f - dg, c000, dg - db, lut3d_at(lut, size, pr, ng, pb), db - dr,
                          lut3d_at(lut, size, pr, ng, nb), dr, c111);
        } else {
            c = lut3d_mix(1.0f - dg, c000, dg - dr, lut3d_at(lut, size, pr, ng, pb), dr - db,
                          lut3d_at(lut, size, nr, ng, pb), db, c111);
        }
    }
    out_g[i] = c.g;
    out_b[i] = c.b;
    out_r[i] = c.r;
}
