// Programming in Parallel with CUDA's rl_forward (RichardAns/CUDA-Programs, Chapter08/RLdeconv/
// RLdeconv.cu, example 8.14 with its convolve helper, launched by RLdeconv in the same file
// with dim3 threads(threadx, thready) on ceil(nx / threadx) x ceil(ny / thready) blocks,
// threadx 32 and thready 8 unless given on the command line: the book's Richardson-Lucy
// deconvolution of a blurred 8-bit image, each iteration's forward step convolving the current
// estimate with the blur kernel and dividing the blurred image by it) (blind check set 122:
// written after calibration, never fitted on). As in the source: x = blockDim.x blockIdx.x +
// threadIdx.x, y = blockDim.y blockIdx.y + threadIdx.y, only x < nx and y < ny; with offset =
// nkern / 2, f the sum over ky then kx of p[iy nx + ix] kern[ky nkern + kx], iy = y + offset -
// ky and ix = x + offset - kx each clamped to the image (edge pixels repeated); c[y nx + x] =
// q / f where |f| > 1e-6 (a float compared as a double), else q. Departures: the block any
// shape (x the column; y*z the row, z folded in); 64-bit pixel offsets. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact for
// whole-number estimates and kernel weights (every product and partial sum an integer below
// 2^24, so fused or not the same float), then one IEEE division. 2-D, no shared memory: per
// thread nkern^2 4 B loads of the estimate (a warp's 128 B contiguous a tap, the window
// shared with neighbouring lanes and rows: reuse through L1) and of the kernel (one address a
// warp), one load of q and one 4 B store.
#include "common.cuh"

extern "C" __global__ void ppc_rl_forward(const float* kern, int nkern, const float* p,
                                          float* c, const float* q, int nx, int ny) {
    const int x = ga_col();
    const int y = ga_row();
    if (x >= nx || y >= ny) return;
    const int offset = nkern / 2;
    float f = 0.0f;
    for (int ky = 0; ky < nkern; ky++) {
        const int iy = min(max(y + offset - ky, 0), ny - 1);
        for (int kx = 0; kx < nkern; kx++) {
            const int ix = min(max(x + offset - kx, 0), nx - 1);
            f += p[(long long)nx * iy + ix] * kern[ky * nkern + kx];
        }
    }
    const long long i = (long long)y * nx + x;
    c[i] = (fabsf(f) > 1.0e-06) ? q[i] / f : q[i];
}
