// The velocity update of a staggered-grid elastic wave step, AWP-ODC's dvelcx (HPGeoC/awp-odc-os,
// src/kernel.cu, behind dvelcx_H: every time step of the main loop in src/pmcl3d.c calls it with
// (xvs, xve) = (2 + 4 loop, nxt + 4 loop + 1), the whole subdomain, after dvelcy's two y-boundary
// strips and before the stress kernel dstrqc; SCEC's anelastic wave propagation code for
// earthquake ground motion) (blind check set 61: written after calibration, never fitted on). As
// in AWP-ODC: one thread a (k, j) column of the subdomain, k = blockIdx.x BLOCK_SIZE_Z +
// threadIdx.x + align (32 cells of z padding), j = blockIdx.y BLOCK_SIZE_Y + threadIdx.y + 2 + 4
// loop, walking the x slices from e_i down to s_i (pos one slice_1 back each step) with the x
// neighbours of xx, xy and xz rotated through registers (one new 4 B load of each a slice), and
// for each cell the fourth-order differences c1 (a - b) + c2 (c - d) (c1 = 9/8, c2 = -1/24) of
// the stresses along x, y and z, scaled by dth over the mean of four densities (d_1 at the cell
// and three neighbours, times 0.25) and added to u1, v1 and w1 in place, each then damped by the
// Cerjan factors dcrjx[i] dcrjy[j] dcrjz[k]; the host's BLOCK_SIZE_Z x BLOCK_SIZE_Y (256 x 2)
// blocks on cdiv(nzt, 256) x cdiv(nyt, 2) blocks. Departures: the block the sweep's, any shape (x
// the z cell, y*z the y cell, z folded in) and each thread bounded by nzt and nyt (the source has
// no bound: its sizes are whole blocks); the read-only arrays const; the register keyword
// dropped; the __constant__ coefficients, dth and strides as arguments (slice_1 = (nyt + 12) (nzt
// + 64), yline_1 = nzt + 64, slice_2 and yline_2 twice them); every product, sum and difference
// rounded on its own (__fmul_rn, __fadd_rn, __fsub_rn, in the source's left-to-right order: nvcc
// contracts none into an FMA, so that the float32 steps of the NumPy reference are the kernel's);
// 0.25 (a double literal times a float sum, an exact scaling) as 0.25f. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact: the same
// IEEE float32 operations in the same order (the division correctly rounded, as nvcc's default
// -prec-div). 2-D: x the z cell (contiguous), y*z the y cell; each thread walks the x slices.
#include "common.cuh"

#define AWP_ALIGN 32  // align (pmcl3d_cons.h): the z padding each side
#define AWP_LOOP 1    // loop (pmcl3d_cons.h): the x and y halo is 2 + 4 loop cells

// c (a - b), each step rounded on its own.
__device__ __forceinline__ float awp_term(float c, float a, float b) {
    return __fmul_rn(c, __fsub_rn(a, b));
}

// t0 + t1 + ... + t5 from the left, each sum rounded on its own.
__device__ __forceinline__ float awp_sum6(float t0, float t1, float t2, float t3, float t4,
                                          float t5) {
    return __fadd_rn(__fadd_rn(__fadd_rn(__fadd_rn(__fadd_rn(t0, t1), t2), t3), t4), t5);
}

// 0.25 (a + b + c + d) from the left.
__device__ __forceinline__ float awp_mean4(float a, float b, float c, float d) {
    return __fmul_rn(0.25f, __fadd_rn(__fadd_rn(__fadd_rn(a, b), c), d));
}

extern "C" __global__ void awp_dvelcx(float* u1, float* v1, float* w1, const float* xx,
                                      const float* yy, const float* zz, const float* xy,
                                      const float* xz, const float* yz, const float* dcrjx,
                                      const float* dcrjy, const float* dcrjz, const float* d_1,
                                      float c1, float c2, float dth, int nyt, int nzt,
                                      int slice_1, int slice_2, int yline_1, int yline_2,
                                      int s_i, int e_i) {
    const int k = ga_col() + AWP_ALIGN;
    const int j = ga_row() + 2 + 4 * AWP_LOOP;
    if (k >= nzt + AWP_ALIGN || j >= nyt + 2 + 4 * AWP_LOOP) return;

    int pos = e_i * slice_1 + j * yline_1 + k;
    float f_xx = xx[pos + slice_1];
    float xx_im1 = xx[pos];
    float xx_im2 = xx[pos - slice_1];
    float xy_ip1 = xy[pos + slice_2];
    float f_xy = xy[pos + slice_1];
    float xy_im1 = xy[pos];
    float xz_ip1 = xz[pos + slice_2];
    float f_xz = xz[pos + slice_1];
    float xz_im1 = xz[pos];
    const float f_dcrjz = dcrjz[k];
    const float f_dcrjy = dcrjy[j];

    for (int i = e_i; i >= s_i; i--) {
        const int pos_km2 = pos - 2, pos_km1 = pos - 1, pos_kp1 = pos + 1, pos_kp2 = pos + 2;
        const int pos_jm2 = pos - yline_2, pos_jm1 = pos - yline_1;
        const int pos_jp1 = pos + yline_1, pos_jp2 = pos + yline_2;
        const int pos_im1 = pos - slice_1, pos_im2 = pos - slice_2, pos_ip1 = pos + slice_1;
        const int pos_jk1 = pos - yline_1 - 1;
        const int pos_ik1 = pos + slice_1 - 1;
        const int pos_ijk = pos + slice_1 - yline_1;

        // the x neighbours move one slice along: i + 1 <- i <- i - 1 <- i - 2 (a new load)
        const float xx_ip1 = f_xx;
        f_xx = xx_im1;
        xx_im1 = xx_im2;
        xx_im2 = xx[pos_im2];
        const float xy_ip2 = xy_ip1;
        xy_ip1 = f_xy;
        f_xy = xy_im1;
        xy_im1 = xy[pos_im1];
        const float xz_ip2 = xz_ip1;
        xz_ip1 = f_xz;
        f_xz = xz_im1;
        xz_im1 = xz[pos_im1];
        const float f_yz = yz[pos];

        const float f_dcrj = __fmul_rn(__fmul_rn(dcrjx[i], f_dcrjy), f_dcrjz);
        float f_d1 = awp_mean4(d_1[pos], d_1[pos_jm1], d_1[pos_km1], d_1[pos_jk1]);
        float f_d2 = awp_mean4(d_1[pos], d_1[pos_ip1], d_1[pos_km1], d_1[pos_ik1]);
        float f_d3 = awp_mean4(d_1[pos], d_1[pos_ip1], d_1[pos_jm1], d_1[pos_ijk]);
        f_d1 = dth / f_d1;
        f_d2 = dth / f_d2;
        f_d3 = dth / f_d3;

        const float du = awp_sum6(awp_term(c1, f_xx, xx_im1), awp_term(c2, xx_ip1, xx_im2),
                                  awp_term(c1, f_xy, xy[pos_jm1]),
                                  awp_term(c2, xy[pos_jp1], xy[pos_jm2]),
                                  awp_term(c1, f_xz, xz[pos_km1]),
                                  awp_term(c2, xz[pos_kp1], xz[pos_km2]));
        u1[pos] = __fmul_rn(__fadd_rn(u1[pos], __fmul_rn(f_d1, du)), f_dcrj);

        const float dv = awp_sum6(awp_term(c1, xy_ip1, f_xy), awp_term(c2, xy_ip2, xy_im1),
                                  awp_term(c1, yy[pos_jp1], yy[pos]),
                                  awp_term(c2, yy[pos_jp2], yy[pos_jm1]),
                                  awp_term(c1, f_yz, yz[pos_km1]),
                                  awp_term(c2, yz[pos_kp1], yz[pos_km2]));
        v1[pos] = __fmul_rn(__fadd_rn(v1[pos], __fmul_rn(f_d2, dv)), f_dcrj);

        const float dw = awp_sum6(awp_term(c1, xz_ip1, f_xz), awp_term(c2, xz_ip2, xz_im1),
                                  awp_term(c1, f_yz, yz[pos_jm1]),
                                  awp_term(c2, yz[pos_jp1], yz[pos_jm2]),
                                  awp_term(c1, zz[pos_kp1], zz[pos]),
                                  awp_term(c2, zz[pos_kp2], zz[pos_km1]));
        w1[pos] = __fmul_rn(__fadd_rn(w1[pos], __fmul_rn(f_d3, dw)), f_dcrj);

        pos = pos_im1;
    }
}
