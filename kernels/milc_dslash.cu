// The improved staggered (asqtad / HISQ) Dirac operator of lattice QCD on the even sites,
// the NERSC MILC Dslash mini-app's CUDA kernel (HeCBench src/dslash-cuda, kernels.cu
// `dslash`, from MILC's dslash_fn: su3.h adapted from MILC version 7) in single precision
// (PRECISION 1) (blind check set 38: written after calibration, never fitted on). As in the
// mini-app: one thread per even site of the even-first lattice (MILC's node_index: the
// lexicographic index x + nx (y + ny (z + nz t)) halved, the odd sites after the even ones),
// dst = sum over the four directions of fat(site, k) src[x + k] (mult_su3_mat_vec, then
// mult_su3_mat_vec_sum), v = the long (Naik) links times src three sites up, dst += v, v = the
// backward fat links (the adjoints make_back prepared) times src one site down, dst -= v,
// v = the backward long links times src three sites down, dst -= v; the complex
// multiply-adds of MILC's CMULSUM (real += a.re b.re - a.im b.im, imag += a.re b.im + a.im
// b.re), the matrices 3 x 3 fcomplex and the vectors 3 fcomplex (4-byte aligned structs);
// periodic boundaries. Departures: the mini-app's gather tables fwd, bck, fwd3 and bck3
// (host-built size_t site indices) computed in the kernel from the site's coordinates
// (node_index of the neighbour, as QUDA does; the manifest's data cannot hold a lattice's
// tables), and the links of each kind in four direction-major arrays of the even sites
// (fat[k][site] for the mini-app's fat[4 site + k]; the kernel reads no odd site's links) so
// that a lattice with enough even sites to fill the GPU keeps each array under 64 MiB (the
// direction loops marked #pragma unroll, so that the arrays of the four directions'
// pointers resolve at compile time as the mini-app's fat + 4 mySite + k does, rather than
// in a stack frame); the block of any shape linearized. Written from memory and checked
// against HeCBench's public source. 1-D: one even site per thread (16 links of 72 B, 16
// gathered 24 B source vectors).
#include "common.cuh"

typedef struct {
    float real;
    float imag;
} milc_fcomplex;
typedef struct {
    milc_fcomplex e[3][3];
} milc_su3_matrix;
typedef struct {
    milc_fcomplex c[3];
} milc_su3_vector;

/*  c += a * b */
#define MILC_CMULSUM(a, b, c)                                  \
    {                                                          \
        (c).real += (a).real * (b).real - (a).imag * (b).imag; \
        (c).imag += (a).real * (b).imag + (a).imag * (b).real; \
    }

__device__ __forceinline__ void milc_mult_su3_mat_vec(const milc_su3_matrix* a,
                                                      const milc_su3_vector* b,
                                                      milc_su3_vector* c) {
    for (int i = 0; i < 3; i++) {
        milc_fcomplex x = {0.0f, 0.0f};
        for (int j = 0; j < 3; j++) MILC_CMULSUM(a->e[i][j], b->c[j], x);
        c->c[i] = x;
    }
}

__device__ __forceinline__ void milc_mult_su3_mat_vec_sum(const milc_su3_matrix* a,
                                                          const milc_su3_vector* b,
                                                          milc_su3_vector* c) {
    for (int i = 0; i < 3; i++) {
        milc_fcomplex x = {0.0f, 0.0f};
        for (int j = 0; j < 3; j++) MILC_CMULSUM(a->e[i][j], b->c[j], x);
        c->c[i].real += x.real;
        c->c[i].imag += x.imag;
    }
}

// MILC's node_index: the site's index in the even-first lattice (coordinates wrapped).
__device__ __forceinline__ int milc_node_index(int x, int y, int z, int t, int nx, int ny,
                                               int nz, int nt, int sites_on_node) {
    const int xr = (x + nx) % nx, yr = (y + ny) % ny, zr = (z + nz) % nz, tr = (t + nt) % nt;
    const int i = xr + nx * (yr + ny * (zr + nz * tr));
    if ((x + y + z + t) % 2 == 0) return i / 2;  // even site
    return (i + sites_on_node) / 2;
}

// The site `hop` steps along direction `dir` (0 x, 1 y, 2 z, 3 t) from (x, y, z, t).
__device__ __forceinline__ int milc_neighbor(int x, int y, int z, int t, int dir, int hop,
                                             int nx, int ny, int nz, int nt, int sites) {
    return milc_node_index(x + (dir == 0 ? hop : 0), y + (dir == 1 ? hop : 0),
                           z + (dir == 2 ? hop : 0), t + (dir == 3 ? hop : 0), nx, ny, nz,
                           nt, sites);
}

extern "C" __global__ void milc_dslash(
    const float* __restrict__ fat0, const float* __restrict__ fat1,
    const float* __restrict__ fat2, const float* __restrict__ fat3,
    const float* __restrict__ lng0, const float* __restrict__ lng1,
    const float* __restrict__ lng2, const float* __restrict__ lng3,
    const float* __restrict__ fatbck0, const float* __restrict__ fatbck1,
    const float* __restrict__ fatbck2, const float* __restrict__ fatbck3,
    const float* __restrict__ lngbck0, const float* __restrict__ lngbck1,
    const float* __restrict__ lngbck2, const float* __restrict__ lngbck3,
    const float* __restrict__ srcWords, float* __restrict__ dstWords, int nx, int ny, int nz,
    int nt, int total_even_sites) {
    const milc_su3_matrix* fat[4] = {
        reinterpret_cast<const milc_su3_matrix*>(fat0),
        reinterpret_cast<const milc_su3_matrix*>(fat1),
        reinterpret_cast<const milc_su3_matrix*>(fat2),
        reinterpret_cast<const milc_su3_matrix*>(fat3)};
    const milc_su3_matrix* lng[4] = {
        reinterpret_cast<const milc_su3_matrix*>(lng0),
        reinterpret_cast<const milc_su3_matrix*>(lng1),
        reinterpret_cast<const milc_su3_matrix*>(lng2),
        reinterpret_cast<const milc_su3_matrix*>(lng3)};
    const milc_su3_matrix* fatbck[4] = {
        reinterpret_cast<const milc_su3_matrix*>(fatbck0),
        reinterpret_cast<const milc_su3_matrix*>(fatbck1),
        reinterpret_cast<const milc_su3_matrix*>(fatbck2),
        reinterpret_cast<const milc_su3_matrix*>(fatbck3)};
    const milc_su3_matrix* lngbck[4] = {
        reinterpret_cast<const milc_su3_matrix*>(lngbck0),
        reinterpret_cast<const milc_su3_matrix*>(lngbck1),
        reinterpret_cast<const milc_su3_matrix*>(lngbck2),
        reinterpret_cast<const milc_su3_matrix*>(lngbck3)};
    const milc_su3_vector* d_src = reinterpret_cast<const milc_su3_vector*>(srcWords);
    milc_su3_vector* d_dst = reinterpret_cast<milc_su3_vector*>(dstWords);

    const long long mySite = ga_linear();
    if (mySite < total_even_sites) {
        const int sites = 2 * total_even_sites;
        // the even site's coordinates: lexicographic index 2 mySite or 2 mySite + 1
        const int lex = 2 * (int)mySite;
        int x = lex % nx;
        int r = lex / nx;
        const int y = r % ny;
        r /= ny;
        const int z = r % nz;
        const int t = r / nz;
        if ((y + z + t) % 2 != 0) x += 1;

        milc_su3_vector v;
        #pragma unroll
        for (int k = 0; k < 4; ++k) {
            const milc_su3_matrix* a = fat[k] + mySite;
            const milc_su3_vector* b = d_src + milc_neighbor(x, y, z, t, k, 1, nx, ny, nz, nt,
                                                             sites);
            if (k == 0)
                milc_mult_su3_mat_vec(a, b, &d_dst[mySite]);
            else
                milc_mult_su3_mat_vec_sum(a, b, &d_dst[mySite]);
        }
        #pragma unroll
        for (int k = 0; k < 4; ++k) {
            const milc_su3_matrix* a = lng[k] + mySite;
            const milc_su3_vector* b = d_src + milc_neighbor(x, y, z, t, k, 3, nx, ny, nz, nt,
                                                             sites);
            if (k == 0)
                milc_mult_su3_mat_vec(a, b, &v);
            else
                milc_mult_su3_mat_vec_sum(a, b, &v);
        }
        for (int i = 0; i < 3; i++) {  // add_su3_vector(&d_dst[mySite], &v, &d_dst[mySite])
            d_dst[mySite].c[i].real = d_dst[mySite].c[i].real + v.c[i].real;
            d_dst[mySite].c[i].imag = d_dst[mySite].c[i].imag + v.c[i].imag;
        }
        #pragma unroll
        for (int k = 0; k < 4; ++k) {
            const milc_su3_matrix* a = fatbck[k] + mySite;
            const milc_su3_vector* b = d_src + milc_neighbor(x, y, z, t, k, -1, nx, ny, nz,
                                                             nt, sites);
            if (k == 0)
                milc_mult_su3_mat_vec(a, b, &v);
            else
                milc_mult_su3_mat_vec_sum(a, b, &v);
        }
        for (int i = 0; i < 3; i++) {  // sub_su3_vector(&d_dst[mySite], &v, &d_dst[mySite])
            d_dst[mySite].c[i].real = d_dst[mySite].c[i].real - v.c[i].real;
            d_dst[mySite].c[i].imag = d_dst[mySite].c[i].imag - v.c[i].imag;
        }
        #pragma unroll
        for (int k = 0; k < 4; ++k) {
            const milc_su3_matrix* a = lngbck[k] + mySite;
            const milc_su3_vector* b = d_src + milc_neighbor(x, y, z, t, k, -3, nx, ny, nz,
                                                             nt, sites);
            if (k == 0)
                milc_mult_su3_mat_vec(a, b, &v);
            else
                milc_mult_su3_mat_vec_sum(a, b, &v);
        }
        for (int i = 0; i < 3; i++) {  // sub_su3_vector(&d_dst[mySite], &v, &d_dst[mySite])
            d_dst[mySite].c[i].real = d_dst[mySite].c[i].real - v.c[i].real;
            d_dst[mySite].c[i].imag = d_dst[mySite].c[i].imag - v.c[i].imag;
        }
    }
}
