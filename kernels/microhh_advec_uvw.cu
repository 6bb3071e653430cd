// The second-order momentum advection of a large-eddy simulation, MicroHH's advec_uvw_g
// (microhh/microhh, src/advec_2.cu, behind Advec_2<TF>::exec: every time step of a run with
// swadvec = "2", the tendencies of u, v and w from the flux form of the advection terms, before
// the scalars' advec_s_g) (blind check set 61: written after calibration, never fitted on). As in
// MicroHH with TF double: one thread a grid cell (i, j) of level k = blockIdx.z + kstart, i =
// blockIdx.x blockDim.x + threadIdx.x + istart and j likewise from y (the ghost cells before),
// ijk = i + j jj + k kk (jj = icells, kk = ijcells), and ut[ijk], vt[ijk] and (above the first
// level) wt[ijk] each += minus the differences of the products of interp2 pairs (interp2(a, b) =
// 0.5 (a + b)) across the cell's faces along x (times dxi), y (times dyi) and z (each face's
// product times the reference density rhorefh[k + 1] or rhorefh[k], over rhoref[k], times dzi[k];
// w's with rhoref[k] and rhoref[k - 1] over rhorefh[k] times dzhi[k]): about 30 loads of u, v and
// w, the cell's and its neighbours 1, jj and kk away; the host's ithread_block x jthread_block
// blocks (min(256, 16 cdiv(itot, 16)) x 256 / that: 256 x 1 at itot 256) on cdiv(imax, bi) x
// cdiv(jmax, bj) x kmax blocks. Departures: the block the sweep's, any shape (x the i cell, y*z
// the j cell, z folded in; the grid's z the level). Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: whole-number velocities and
// tendencies, reference densities 1 and 2 (the divisions exact), whole-number dzi and dzhi and
// dyadic dxi and dyi (every product and sum exact in float64, in any order). 2-D: x the i cell,
// y*z the j cell, the grid's z the level.
#include "common.cuh"

__device__ __forceinline__ double microhh_interp2(double a, double b) {
    return 0.5 * (a + b);
}

extern "C" __global__ void microhh_advec_uvw(double* __restrict__ ut, double* __restrict__ vt,
                                             double* __restrict__ wt,
                                             double* __restrict__ u,
                                             double* __restrict__ v,
                                             double* __restrict__ w,
                                             const double* __restrict__ rhoref,
                                             const double* __restrict__ rhorefh,
                                             const double* __restrict__ dzi,
                                             const double* __restrict__ dzhi, double dxi,
                                             double dyi, int jj, int kk, int istart, int jstart,
                                             int kstart, int iend, int jend, int kend) {
    const int i = ga_col() + istart;
    const int j = ga_row() + jstart;
    const int k = blockIdx.z + kstart;
    const int ii = 1;

    if (i < iend && j < jend && k < kend) {
        const int ijk = i + j * jj + k * kk;
        ut[ijk] +=
            -(microhh_interp2(u[ijk], u[ijk + ii]) * microhh_interp2(u[ijk], u[ijk + ii]) -
              microhh_interp2(u[ijk - ii], u[ijk]) * microhh_interp2(u[ijk - ii], u[ijk])) * dxi
            - (microhh_interp2(v[ijk - ii + jj], v[ijk + jj]) *
                   microhh_interp2(u[ijk], u[ijk + jj]) -
               microhh_interp2(v[ijk - ii], v[ijk]) * microhh_interp2(u[ijk - jj], u[ijk])) * dyi
            - (rhorefh[k + 1] * microhh_interp2(w[ijk - ii + kk], w[ijk + kk]) *
                   microhh_interp2(u[ijk], u[ijk + kk]) -
               rhorefh[k] * microhh_interp2(w[ijk - ii], w[ijk]) *
                   microhh_interp2(u[ijk - kk], u[ijk])) / rhoref[k] * dzi[k];

        vt[ijk] +=
            -(microhh_interp2(u[ijk + ii - jj], u[ijk + ii]) *
                  microhh_interp2(v[ijk], v[ijk + ii]) -
              microhh_interp2(u[ijk - jj], u[ijk]) * microhh_interp2(v[ijk - ii], v[ijk])) * dxi
            - (microhh_interp2(v[ijk], v[ijk + jj]) * microhh_interp2(v[ijk], v[ijk + jj]) -
               microhh_interp2(v[ijk - jj], v[ijk]) * microhh_interp2(v[ijk - jj], v[ijk])) * dyi
            - (rhorefh[k + 1] * microhh_interp2(w[ijk - jj + kk], w[ijk + kk]) *
                   microhh_interp2(v[ijk], v[ijk + kk]) -
               rhorefh[k] * microhh_interp2(w[ijk - jj], w[ijk]) *
                   microhh_interp2(v[ijk - kk], v[ijk])) / rhoref[k] * dzi[k];

        if (k > kstart) {
            wt[ijk] +=
                -(microhh_interp2(u[ijk + ii - kk], u[ijk + ii]) *
                      microhh_interp2(w[ijk], w[ijk + ii]) -
                  microhh_interp2(u[ijk - kk], u[ijk]) * microhh_interp2(w[ijk - ii], w[ijk])) *
                    dxi
                - (microhh_interp2(v[ijk + jj - kk], v[ijk + jj]) *
                       microhh_interp2(w[ijk], w[ijk + jj]) -
                   microhh_interp2(v[ijk - kk], v[ijk]) *
                       microhh_interp2(w[ijk - jj], w[ijk])) * dyi
                - (rhoref[k] * microhh_interp2(w[ijk], w[ijk + kk]) *
                       microhh_interp2(w[ijk], w[ijk + kk]) -
                   rhoref[k - 1] * microhh_interp2(w[ijk - kk], w[ijk]) *
                       microhh_interp2(w[ijk - kk], w[ijk])) / rhorefh[k] * dzhi[k];
        }
    }
}
