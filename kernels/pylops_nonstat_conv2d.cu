// PyLops' NonStationaryConvolve2D forward kernel (PyLops/pylops,
// pylops/signalprocessing/_nonstatconvolve2d_cuda.py: the numba.cuda kernel
// _matvec_rmatvec in its matvec mode, launched by _matvec_rmatvec_call in the same file behind
// NonStationaryConvolve2D(engine="cuda")._matvec: a seismic model convolved with a
// spatially varying 2-D filter, each model point's filter bilinearly interpolated from the
// four nearest filters of a regular grid of filters and spread into the output) (blind check
// set 106: written after calibration, never fitted on). As in PyLops: ix, iz = cuda.grid(2),
// nothing at or past the model's nx or nz; ihx_l = floor((ix - ohx) / dhx), the right
// weight the fraction past it, clamped to the first or the last filter (both weights 1/2)
// outside the grid of filters, and likewise ihz_t along z; the four filters hs[ihx, ihz]
// ([nhx, nhz, hx, hz]); the model rows max(0, ix - hx / 2) .. min(ix + hx / 2 + 1, nx)
// paired with the filter rows from max(0, hx / 2 - ix) (and the same along z), each pair
// adding x[ix, iz] times the interpolated filter tap dhz_t dhx_l h_tl + dhz_b dhx_l h_bl +
// dhz_t dhx_r h_tr + dhz_b dhx_r h_br into y[ixx, izz] by an atomic add; the host's
// num_threads_per_blocks = (32, 32) threads (NonStationaryConvolve2D's default in
// pylops/signalprocessing/nonstatconvolve2d.py) on cdiv(nx, 32) x cdiv(nz, 32) blocks, y
// zeroed before. Departures: the block the sweep's, any shape (x the model's first, slow
// axis ix; y*z the fast axis iz, z folded in); float64 arrays as flat buffers with explicit
// offsets; the zip of the two ranges as a loop over the shorter; y added into as given.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none
// of its text). Exact: a power-of-two filter spacing makes every weight a multiple of 1/64,
// whole-number filters and model, every product and sum exact in float64. 2-D, no shared
// memory, x NOT the contiguous dimension: an 8 B model load (a warp's lanes nz * 8 B apart),
// per tap four 8 B filter loads (a block's few filters, cached) and an 8 B atomic add into
// y (a warp's lanes nz * 8 B apart, hx hz taps a thread).
#include "common.cuh"

extern "C" __global__ void pylops_nonstat_conv2d(const double* x, double* y, const double* hs,
                                                 int hx, int hz, int nx, int nz, double ohx,
                                                 double ohz, double dhx, double dhz, int nhx,
                                                 int nhz) {
    const int ix = ga_col();
    const int iz = ga_row();
    if (ix >= nx || iz >= nz) return;
    int ihx_l = (int)floor((ix - ohx) / dhx);
    int ihz_t = (int)floor((iz - ohz) / dhz);
    double dhx_r = (ix - ohx) / dhx - ihx_l;
    double dhz_b = (iz - ohz) / dhz - ihz_t;
    int ihx_r, ihz_b;
    double dhx_l, dhz_t;
    if (ihx_l < 0) {
        ihx_l = ihx_r = 0;
        dhx_l = dhx_r = 0.5;
    } else if (ihx_l >= nhx - 1) {
        ihx_l = ihx_r = nhx - 1;
        dhx_l = dhx_r = 0.5;
    } else {
        ihx_r = ihx_l + 1;
        dhx_l = 1.0 - dhx_r;
    }
    if (ihz_t < 0) {
        ihz_t = ihz_b = 0;
        dhz_t = dhz_b = 0.5;
    } else if (ihz_t >= nhz - 1) {
        ihz_t = ihz_b = nhz - 1;
        dhz_t = dhz_b = 0.5;
    } else {
        ihz_b = ihz_t + 1;
        dhz_t = 1.0 - dhz_b;
    }
    const long long taps = (long long)hx * hz;
    const double* h_tl = hs + ((long long)ihx_l * nhz + ihz_t) * taps;
    const double* h_bl = hs + ((long long)ihx_l * nhz + ihz_b) * taps;
    const double* h_tr = hs + ((long long)ihx_r * nhz + ihz_t) * taps;
    const double* h_br = hs + ((long long)ihx_r * nhz + ihz_b) * taps;
    const int x0 = max(0, ix - hx / 2), x1 = min(ix + hx / 2 + 1, nx);
    const int z0 = max(0, iz - hz / 2), z1 = min(iz + hz / 2 + 1, nz);
    const int hx0 = max(0, hx / 2 - ix), hx1 = min(hx, hx / 2 + (nx - ix));
    const int hz0 = max(0, hz / 2 - iz), hz1 = min(hz, hz / 2 + (nz - iz));
    const int lx = min(x1 - x0, hx1 - hx0);
    const int lz = min(z1 - z0, hz1 - hz0);
    const double xv = x[(long long)ix * nz + iz];
    for (int a = 0; a < lx; a++) {
        for (int b = 0; b < lz; b++) {
            const long long f = (long long)(hx0 + a) * hz + hz0 + b;
            const double h = dhz_t * dhx_l * h_tl[f] + dhz_b * dhx_l * h_bl[f] +
                             dhz_t * dhx_r * h_tr[f] + dhz_b * dhx_r * h_br[f];
            atomicAdd(&y[(long long)(x0 + a) * nz + z0 + b], xv * h);
        }
    }
}
