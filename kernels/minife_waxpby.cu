// miniFE's waxpby_kernel (Mantevo/miniFE, cuda/src/Vector_functions.hpp, launched by
// miniFE::waxpby in the same file from the CUDA port's cg_solve: w = alpha x + beta y over the
// vectors of the conjugate-gradient solve of miniFE's finite-element proxy app) (blind check
// set 109: written after calibration, never fitted on). As in miniFE: a grid-stride loop from
// idx = blockIdx.x blockDim.x + threadIdx.x below x.n in steps of gridDim.x blockDim.x,
// w.coefs[idx] = alpha x.coefs[idx] + beta y.coefs[idx]; the host's BLOCK_SIZE = 256 threads on
// min(cdiv(n, 256), 2048 * 16) blocks. Departures: the block any shape (linearized; the loop's
// stride the grid's threads); the vectors' PODs as their coefficient pointers and x.n as n;
// double only (the port's default MINIFE_SCALAR). Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: whole-number vectors and
// scalars keep every product and sum far below 2^53. 1-D, no shared memory, a capped grid and
// a grid-stride loop: per value two 8 B loads and an 8 B store (a warp's 256 B contiguous
// each).
#include "common.cuh"

extern "C" __global__ void minife_waxpby(double alpha, const double* x, double beta,
                                         const double* y, double* w, int n) {
    for (int idx = (int)ga_linear(); idx < n; idx += gridDim.x * ga_nthreads()) {
        w[idx] = alpha * x[idx] + beta * y[idx];
    }
}
