// Fractalway's Julia set (Potat0x/Fractalway, src/main/resources/kernels/juliaSet.cu with its
// colour helper createArgbColor.cu, launched by the JCuda host CudaPainter.paint
// (src/main/java/pl/potat0x/fractalway/fractalpainter/CudaPainter.java) with
// dim3(t, t, 1) blocks, t = cuda-threads-per-block = 32 in application.properties, on
// ceil(width / 32) x ceil(height / 32) blocks: a JavaFX fractal explorer's escape-time Julia
// set, one grey ARGB pixel a thread) (blind check set 119: written after calibration, never
// fitted on). As in the source: x = blockIdx.x blockDim.x + threadIdx.x, y = blockIdx.y
// blockDim.y + threadIdx.y, only x < width and y < height; the point z = ((x - width / 2.0)
// zoom + posX, (y - height / 2.0) zoom + posY) in double; i counted by the source's
// "while (i++ < maxIter - 1)": z <- z^2 + c, leaving when |z|^2 > 4 (i the step, 1 to
// maxIter - 1), else i = maxIter; the grey level int(255.0 i / maxIter) in each of R, G, B
// with alpha 255. Departures: the block any shape (x the column; y*z the row, z folded in);
// the products and sums rounded on their own (__dmul_rn, __dadd_rn, in the source's
// left-to-right order: nvcc would otherwise contract them into FMAs, and an escape-time count
// amplifies a last-bit difference); the pixels stored as unsigned 32-bit words (the source's
// int with 255 << 24); 64-bit offsets. Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: every double operation
// correctly rounded, the division IEEE. 2-D, no shared memory: per thread no load, up to
// maxIter - 1 double iterations (three multiplies, three adds and a compare each, the trip
// count varying across a warp), one 4 B store (a warp's 128 B contiguous).
#include "common.cuh"

extern "C" __global__ void fractalway_julia(double zoom, double pos_x, double pos_y,
                                            int max_iter, int width, int height,
                                            unsigned int* argb, double c_re, double c_im) {
    const int x = ga_col();
    const int y = ga_row();
    if (x >= width || y >= height) return;
    double re = __dadd_rn(__dmul_rn(__dadd_rn((double)x, -(width / 2.0)), zoom), pos_x);
    double im = __dadd_rn(__dmul_rn(__dadd_rn((double)y, -(height / 2.0)), zoom), pos_y);
    int i = 0;
    while (i++ < max_iter - 1) {
        const double next_re =
            __dadd_rn(__dadd_rn(__dmul_rn(re, re), -__dmul_rn(im, im)), c_re);
        const double next_im = __dadd_rn(__dmul_rn(__dmul_rn(2.0, re), im), c_im);
        if (__dadd_rn(__dmul_rn(next_re, next_re), __dmul_rn(next_im, next_im)) > 4.0) break;
        re = next_re;
        im = next_im;
    }
    const unsigned int grey = (unsigned int)(int)((255.0 * i) / max_iter);
    argb[(long long)y * width + x] = 0xFF000000u | (grey << 16) | (grey << 8) | grey;
}
