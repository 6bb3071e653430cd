// Importance sampling of an environment-map light, PBRT-v3's Distribution2D::SampleContinuous
// (InfiniteAreaLight::Sample_Li: a marginal distribution over the map's rows, then the chosen
// row's conditional distribution over its columns, each inverted by FindInterval's binary
// search), one thread per sample pair (blind check set 23: written after calibration, never
// fitted on; its sweeps go to fixtures/hopper/blind23/ once recorded). The map's (quantized)
// luminance is given as one running sum over its pixels in row-major order, cdf[0 .. h w]
// (int32, cdf[0] = 0, non-decreasing, pixel (y, x) weighing cdf[y w + x + 1] - cdf[y w + x]),
// so row y's conditional CDF is cdf[y w .. y w + w] and the marginal CDF over rows is
// cdf[0], cdf[w], ..., cdf[h w]: no separate tables. The random numbers are uint32 pairs
// (u0, u1) standing for u / 2^32. With FindInterval(size, pred) = the last index in [0, size -
// 2] where pred holds (pred(0) taken as true): the row y = FindInterval(h + 1, cdf[i w] <=
// t1) with t1 = cdf[h w] u1 / 2^32 (the high word of the 64-bit product); the column x =
// FindInterval(w + 1, cdf[y w + i] <= t0) with t0 = cdf[y w] + (cdf[y w + w] - cdf[y w]) u0 /
// 2^32; each coordinate continuous as PBRT's (o + du) / count with du = (t - cdf[o]) /
// (cdf[o + 1] - cdf[o]) (0 where that is 0). Out: (x + dux) / w and (y + duy) / h (float32)
// and the pdf, PBRT's pdfs[0] * pdfs[1] with pdf_row = (cdf[(y + 1) w] - cdf[y w]) h / total
// and pdf_column = (cdf[y w + x + 1] - cdf[y w + x]) w / (cdf[(y + 1) w] - cdf[y w]). Per
// thread: an 8 B load of its pair (contiguous), a dependent chain of about log2(h) 4 B loads
// w entries apart (the marginal: every lane's own path through h entries 8 KiB apart, the
// first steps shared by all lanes, L1 and L2), then about log2(w) 4 B loads inside its row
// (a data-dependent row of the 8 MiB table: L2), four more at the found places, and 8 B and
// 4 B contiguous stores. No shared memory. Integer search (exact); the outputs' float
// divisions as PBRT's (the manifest's tolerance). 1-D: the block is linearized.
#include "common.cuh"

// PBRT's FindInterval over cdf[base + i stride], i in [0, size): the last i in [0, size - 2]
// with cdf[base + i stride] <= t.
__device__ __forceinline__ int env_find(const int* __restrict__ cdf, long long base,
                                        long long stride, int size, unsigned t) {
    int first = 0, len = size;
    while (len > 0) {
        const int half = len >> 1, middle = first + half;
        if ((unsigned)cdf[base + middle * stride] <= t) {
            first = middle + 1;
            len -= half + 1;
        } else {
            len = half;
        }
    }
    return min(max(first - 1, 0), size - 2);
}

extern "C" __global__ void envmap_sample_2d(const unsigned* __restrict__ u,
                                            const int* __restrict__ cdf, float* __restrict__ uv,
                                            float* __restrict__ pdf, int h, int w, long long n) {
    const long long i = ga_linear();
    if (i >= n) {
        return;
    }
    const unsigned u0 = u[2 * i], u1 = u[2 * i + 1];
    const unsigned total = (unsigned)cdf[(long long)h * w];
    // the marginal: which row
    const unsigned t1 = __umulhi(u1, total);
    const int y = env_find(cdf, 0, w, h + 1, t1);
    const unsigned row0 = (unsigned)cdf[(long long)y * w];
    const unsigned row1 = (unsigned)cdf[(long long)(y + 1) * w];
    // the row's conditional: which column
    const unsigned t0 = row0 + __umulhi(u0, row1 - row0);
    const long long base = (long long)y * w;
    const int x = env_find(cdf, base, 1, w + 1, t0);
    const unsigned c0 = (unsigned)cdf[base + x];
    const unsigned c1 = (unsigned)cdf[base + x + 1];
    float dux = (float)(t0 - c0), duy = (float)(t1 - row0);
    if (c1 - c0 > 0) {
        dux /= (float)(c1 - c0);
    }
    if (row1 - row0 > 0) {
        duy /= (float)(row1 - row0);
    }
    uv[2 * i] = (x + dux) / w;
    uv[2 * i + 1] = (y + duy) / h;
    const float pdf_row = (float)(row1 - row0) * h / (float)total;
    const float pdf_col = row1 > row0 ? (float)(c1 - c0) * w / (float)(row1 - row0) : 0.0f;
    pdf[i] = pdf_col * pdf_row;
}
