// STRUMPACK's row interchanges on the GPU, laswp_kernel<double> (pghysels/STRUMPACK,
// src/dense/CUDAWrapper.cu, launched by gpu::laswp in the same file, which STRUMPACK's GPU
// multifrontal LU calls after a getrf to apply a front's (or a BLR tile's) row pivots to the
// blocks beside it, e.g. LRTile::laswp and the BLR front's tile loop) (blind check set 80:
// written after calibration, never fitted on). As in STRUMPACK: one thread a column, tid =
// threadIdx.x + blockDim.x blockIdx.x below n; its column at tid lddA (column-major), A1 walking
// down it from row 0, and for each of the npivots pivots i2 = dipiv[i1 inci] - 1 (1-based, as
// getrf gives them) the entries at A1 and at row i2 swapped, A1 one row on; the host's 256
// threads on cdiv(n, 256) blocks. Departures: the block the sweep's, any shape (linearized);
// double (one of the four instantiations); the column offset in 64 bits. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact: swaps.
// 1-D: one thread a column, a serial loop of npivots swaps: per pivot a 4 B pivot load (one
// address a warp), two dependent 8 B loads and two 8 B stores (a warp's lanes a column, 16 KiB,
// apart: none of them contiguous).
#include "common.cuh"

extern "C" __global__ void strumpack_laswp(int n, double* dA, int lddA, int npivots,
                                           const int* dipiv, int inci) {
    const long long tid = ga_linear();
    if (tid >= n) return;
    double* column = dA + tid * lddA;
    double* a1 = column;
    for (int i1 = 0; i1 < npivots; i1++) {
        const int i2 = dipiv[i1 * inci] - 1;  // the 1-based pivot row
        double* a2 = column + i2;
        const double temp = *a1;
        *a1 = *a2;
        *a2 = temp;
        a1++;
    }
}
