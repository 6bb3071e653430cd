// tomocupy's periodic wrap of the oversampled 1-D Fourier grid, wrap1d in its forward direction
// (tomography/tomocupy, src/include/kernels_usfft1d.cu, launched by cfunc_usfft1d::fwd in
// src/cuda/cfunc_usfft1d.cu between the chunked 1-D FFT (and its fftshifts) and gather1d: the
// unequally spaced FFT along one axis of tomocupy's laminographic reconstruction; the 2 n2 FFT
// values of each (x, y) line extended by m2 periodic copies on either side so that the gather's
// Gaussian window of 2 m2 + 1 taps never leaves the array) (blind check set 84: written after
// calibration, never fitted on). As in tomocupy: tx = blockIdx.x blockDim.x + threadIdx.x (n0,
// contiguous), ty the same along y (n1) and tz along z (2 n2 + 2 m2 planes); outside them a
// return; for tz < m2 or tz >= 2 n2 + m2, tz0 = (tz - m2 + 2 n2) % (2 n2) and the complex value
// at tx + ty n0 + tz n0 n1 set to the one at tx + ty n0 + (tz0 + m2) n0 n1 (direction 0); the
// host's 16 x 8 x 8 threads (BS1d) on ceil(n0 / 16) x ceil(n1 / 8) x ceil((2 n2 + 2 m2) / 8)
// blocks (GS1d1). Departures: the block the sweep's, any shape (x -> tx, y*z -> ty, z folded in;
// tz from the grid's z, one layer a plane: the source's blocks span 8 planes); the forward
// direction only (the adjoint's atomic accumulation not taken); float2 as pairs of floats; the
// offsets in 64 bits. Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: copies. 2-D: x -> tx (a warp's 8 B loads and stores
// 256 B contiguous), y*z -> ty; only the 2 m2 pad planes' threads copy (8 of 504 layers).
#include "common.cuh"

extern "C" __global__ void tomocupy_wrap1d(float* f, int n0, int n1, int n2, int m2) {
    const int tx = ga_col();
    const int ty = ga_row();
    const int tz = blockIdx.z;
    if (tx >= n0 || ty >= n1 || tz >= 2 * n2 + 2 * m2) return;
    if (tz < m2 || tz >= 2 * n2 + m2) {
        const int tz0 = (tz - m2 + 2 * n2) % (2 * n2);
        const long long line = (long long)ty * n0 + tx;
        const long long plane = (long long)n0 * n1;
        const long long to = line + tz * plane;
        const long long from = line + (tz0 + m2) * plane;
        f[2 * to] = f[2 * from];
        f[2 * to + 1] = f[2 * from + 1];
    }
}
