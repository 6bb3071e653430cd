// libgrid's Fourier-space convolution, cgrid_cuda_fft_convolute_gpu (jmeloranta/libgrid,
// src/cgrid-cuda2.cu, launched by cgrid_cuda_fft_convoluteW in the same file behind the
// library's cgrid_fft_convolute: two complex 3-D grids already in Fourier space multiplied
// point by point, with the alternating sign that centres the convolution, as libgrid's and
// libdft's split-operator and potential-energy steps do on every time step) (blind check set
// 81: written after calibration, never fitted on). As in libgrid: k = blockIdx.x blockDim.x +
// threadIdx.x, j = blockIdx.y blockDim.y + threadIdx.y and i = blockIdx.z blockDim.z +
// threadIdx.z; outside nx x ny x nz a return; idx = (i ny + j) nz + k and dst[idx] = (1 - 2 ((i +
// j + k) & 1)) src1[idx] src2[idx] (a complex product, the sign taken first); the host's
// CUDA_THREADS_PER_BLOCK^3 threads (8 x 8 x 8 by make.conf) on cdiv(nz, 8) x cdiv(ny, 8) x
// cdiv(nx, 8) blocks. Departures: the block the sweep's, any shape (x -> k, y*z -> j, z folded
// in; i from the grid's z, one layer a plane); one GPU's whole grid (the source's per-GPU
// slabs); the double build (REAL = double, CUCOMPLEX as interleaved pairs); the offsets in 64
// bits. Reimplemented from the published source (its indexing, arithmetic and control flow;
// none of its text). Exact: whole numbers (every product and sum below 2^53). 2-D: x -> k (the
// contiguous axis: two 16 B loads and one 16 B store a thread, a warp's 512 B contiguous each),
// y*z -> j, the grid's z -> i.
#include "common.cuh"

extern "C" __global__ void libgrid_fft_convolute(double* dst, const double* src1,
                                                 const double* src2, int nx, int ny, int nz) {
    const int k = ga_col();
    const int j = ga_row();
    const int i = blockIdx.z;
    if (i >= nx || j >= ny || k >= nz) return;
    const long long idx = ((long long)i * ny + j) * nz + k;
    const double sign = 1.0 - 2.0 * (double)((i + j + k) & 1);
    const double ar = sign * src1[2 * idx], ai = sign * src1[2 * idx + 1];
    const double br = src2[2 * idx], bi = src2[2 * idx + 1];
    dst[2 * idx] = ar * br - ai * bi;
    dst[2 * idx + 1] = ar * bi + ai * br;
}
