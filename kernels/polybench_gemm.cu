// C = alpha A B + beta C, PolyBench/GPU's GEMM (Grauer-Gray, Xu, Searles, Ayalasomayajula and
// Cavazos, InPar 2012: CUDA/GEMM/gemm.cu, gemm_kernel with PolyBench's ALPHA 32412 and BETA
// 2123), one thread per element of C (blind check set 41: written after calibration, never
// fitted on). As in PolyBench/GPU: j from x and i from y, c[i][j] *= BETA, then for k from 0 to
// NK c[i][j] += ALPHA a[i][k] b[k][j] accumulated in global memory itself (the pointers are
// plain DATA_TYPE *, which may alias, so the compiler keeps a store to c in every iteration),
// float. Departures: NI, NJ and NK (#defines there) arguments; the benchmark's 32 x 8 block
// any shape with z folded into the rows. Written from memory. Integer data small enough that
// every partial sum stays below 2^24: exact. x -> column j, y*z -> row i.
#include "common.cuh"

#define ALPHA 32412.0f
#define BETA 2123.0f

extern "C" __global__ void polybench_gemm(float* a, float* b, float* c, int ni, int nj,
                                          int nk) {
    int j = ga_col();
    int i = ga_row();

    if ((i < ni) && (j < nj)) {
        c[i * nj + j] *= BETA;
        int k;
        for (k = 0; k < nk; k++) {
            c[i * nj + j] += ALPHA * a[i * nk + k] * b[k * nj + j];
        }
    }
}
