// brekekekex/perlin's perlin_noise_fill (src/main.cu, launched by main in the same file as
// <<<1024, 1024>>> on a 3,840 x 2,160 (4K UHD) map, 100 samples per lattice unit, 5 octaves,
// persistence 0.8: a CUDA port of Ken Perlin's improved noise, fractal (octave-summed) 2-D
// gradient noise, one double a pixel, rendered as a grey PNG on the host) (blind check set
// 120: written after calibration, never fitted on). As in the source: a grid-stride loop, i
// from blockIdx.x blockDim.x + threadIdx.x by blockDim.x gridDim.x while i < w h; each thread
// first fills its own local int p[512] (Ken Perlin's permutation of 0-255, twice); for each of
// oct octaves (freq 1, 2, 4, ..., amp 1, pers, pers^2, ...): x = ((i % w) (1. / s)) freq,
// y = (((i - i % w) / w) (1. / s)) freq; X = (int)floor(x), Y likewise; x -= X, y -= Y;
// X &= 255, Y &= 255; fade t -> 6 t^5 - 15 t^4 + 10 t^3; A = p[X] + Y, AA = p[A],
// AB = p[A + 1], B = p[X + 1] + Y, BA = p[B], BB = p[B + 1]; grad(h, a, b) by h & 7 (a + b,
// -a + b, a - b, -a - b, a, -a, b, -b); noise += amp lerp(v, lerp(u, grad(p[AA], x, y),
// grad(p[BA], x - 1, y)), lerp(u, grad(p[AB], x, y - 1), grad(p[BB], x - 1, y - 1))), lerp(t,
// a, b) = a + t (b - a); noise_map[i] = noise. Departures: the block any shape (linearized;
// the grid a fixed GRID blocks, the source's 1,024); the products and sums rounded on their
// own (__dmul_rn, __dadd_rn, in the source's left-to-right order: nvcc would otherwise
// contract them into FMAs); the unsigned w, h, s and oct as the source's unsigned int.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: every double operation correctly rounded, the division IEEE. 1-D, no
// shared memory: per thread 512 local 4 B stores (its own table, 2 KiB), then per element
// oct octaves of six dependent local 4 B loads and ~40 double operations, one 8 B store (a
// warp's 256 B contiguous).
#include "common.cuh"

__device__ __forceinline__ double brekperlin_fade(double t) {
    const double t2 = __dmul_rn(t, t);
    const double t3 = __dmul_rn(t2, t);
    const double t4 = __dmul_rn(t3, t);
    const double t5 = __dmul_rn(t4, t);
    return __dadd_rn(__dadd_rn(__dmul_rn(6.0, t5), -__dmul_rn(15.0, t4)), __dmul_rn(10.0, t3));
}

__device__ __forceinline__ double brekperlin_lerp(double t, double a, double b) {
    return __dadd_rn(a, __dmul_rn(t, __dadd_rn(b, -a)));
}

__device__ __forceinline__ double brekperlin_grad(int hash, double a, double b) {
    switch (hash & 0x7) {
        case 0: return a + b;
        case 1: return -a + b;
        case 2: return a - b;
        case 3: return -a - b;
        case 4: return a;
        case 5: return -a;
        case 6: return b;
        default: return -b;
    }
}

extern "C" __global__ void brekperlin_noise_fill(double* noise_map, unsigned int w,
                                                 unsigned int h, unsigned int s,
                                                 unsigned int oct, double pers) {
    const int num_elems = w * h;
    const int index = (int)ga_linear();
    const int stride = (int)(ga_nthreads() * gridDim.x);
    int p[512] = {
        151, 160, 137, 91, 90, 15, 131, 13, 201, 95, 96, 53, 194, 233, 7, 225,
        140, 36, 103, 30, 69, 142, 8, 99, 37, 240, 21, 10, 23, 190, 6, 148,
        247, 120, 234, 75, 0, 26, 197, 62, 94, 252, 219, 203, 117, 35, 11, 32,
        57, 177, 33, 88, 237, 149, 56, 87, 174, 20, 125, 136, 171, 168, 68, 175,
        74, 165, 71, 134, 139, 48, 27, 166, 77, 146, 158, 231, 83, 111, 229, 122,
        60, 211, 133, 230, 220, 105, 92, 41, 55, 46, 245, 40, 244, 102, 143, 54,
        65, 25, 63, 161, 1, 216, 80, 73, 209, 76, 132, 187, 208, 89, 18, 169,
        200, 196, 135, 130, 116, 188, 159, 86, 164, 100, 109, 198, 173, 186, 3, 64,
        52, 217, 226, 250, 124, 123, 5, 202, 38, 147, 118, 126, 255, 82, 85, 212,
        207, 206, 59, 227, 47, 16, 58, 17, 182, 189, 28, 42, 223, 183, 170, 213,
        119, 248, 152, 2, 44, 154, 163, 70, 221, 153, 101, 155, 167, 43, 172, 9,
        129, 22, 39, 253, 19, 98, 108, 110, 79, 113, 224, 232, 178, 185, 112, 104,
        218, 246, 97, 228, 251, 34, 242, 193, 238, 210, 144, 12, 191, 179, 162, 241,
        81, 51, 145, 235, 249, 14, 239, 107, 49, 192, 214, 31, 181, 199, 106, 157,
        184, 84, 204, 176, 115, 121, 50, 45, 127, 4, 150, 254, 138, 236, 205, 93,
        222, 114, 67, 29, 24, 72, 243, 141, 128, 195, 78, 66, 215, 61, 156, 180,
        151, 160, 137, 91, 90, 15, 131, 13, 201, 95, 96, 53, 194, 233, 7, 225,
        140, 36, 103, 30, 69, 142, 8, 99, 37, 240, 21, 10, 23, 190, 6, 148,
        247, 120, 234, 75, 0, 26, 197, 62, 94, 252, 219, 203, 117, 35, 11, 32,
        57, 177, 33, 88, 237, 149, 56, 87, 174, 20, 125, 136, 171, 168, 68, 175,
        74, 165, 71, 134, 139, 48, 27, 166, 77, 146, 158, 231, 83, 111, 229, 122,
        60, 211, 133, 230, 220, 105, 92, 41, 55, 46, 245, 40, 244, 102, 143, 54,
        65, 25, 63, 161, 1, 216, 80, 73, 209, 76, 132, 187, 208, 89, 18, 169,
        200, 196, 135, 130, 116, 188, 159, 86, 164, 100, 109, 198, 173, 186, 3, 64,
        52, 217, 226, 250, 124, 123, 5, 202, 38, 147, 118, 126, 255, 82, 85, 212,
        207, 206, 59, 227, 47, 16, 58, 17, 182, 189, 28, 42, 223, 183, 170, 213,
        119, 248, 152, 2, 44, 154, 163, 70, 221, 153, 101, 155, 167, 43, 172, 9,
        129, 22, 39, 253, 19, 98, 108, 110, 79, 113, 224, 232, 178, 185, 112, 104,
        218, 246, 97, 228, 251, 34, 242, 193, 238, 210, 144, 12, 191, 179, 162, 241,
        81, 51, 145, 235, 249, 14, 239, 107, 49, 192, 214, 31, 181, 199, 106, 157,
        184, 84, 204, 176, 115, 121, 50, 45, 127, 4, 150, 254, 138, 236, 205, 93,
        222, 114, 67, 29, 24, 72, 243, 141, 128, 195, 78, 66, 215, 61, 156, 180,
    };
    const double inv = 1. / (double)s;
    for (int i = index; i < num_elems; i += stride) {
        double noise = 0.;
        double freq = 1.;
        double amp = 1.;
        for (unsigned int o = 0; o < oct; o++) {
            const unsigned int col = i % w;
            const unsigned int row = (i - col) / w;
            double x = __dmul_rn(__dmul_rn((double)col, inv), freq);
            double y = __dmul_rn(__dmul_rn((double)row, inv), freq);
            int X = (int)floor(x);
            int Y = (int)floor(y);
            x = __dadd_rn(x, -(double)X);
            y = __dadd_rn(y, -(double)Y);
            X &= 255;
            Y &= 255;
            const double u = brekperlin_fade(x);
            const double v = brekperlin_fade(y);
            const int A = p[X] + Y;
            const int AA = p[A];
            const int AB = p[A + 1];
            const int B = p[X + 1] + Y;
            const int BA = p[B];
            const int BB = p[B + 1];
            const double xm = __dadd_rn(x, -1.0);
            const double ym = __dadd_rn(y, -1.0);
            const double l = brekperlin_lerp(
                v, brekperlin_lerp(u, brekperlin_grad(p[AA], x, y), brekperlin_grad(p[BA], xm, y)),
                brekperlin_lerp(u, brekperlin_grad(p[AB], x, ym), brekperlin_grad(p[BB], xm, ym)));
            noise = __dadd_rn(noise, __dmul_rn(amp, l));
            amp = __dmul_rn(amp, pers);
            freq = __dmul_rn(freq, 2.0);
        }
        noise_map[i] = noise;
    }
}
