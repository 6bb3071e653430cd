// SLATE's trapezoidal tile copy with precision conversion, tzcopy_kernel<double, float>
// (icl-utk-edu/slate, src/cuda/device_tzcopy.cu, behind slate::device::tzcopy in the same file:
// internal::copy of a trapezoid-storage matrix's diagonal tiles, e.g. the lower triangle of a
// symmetric positive-definite matrix converted to single precision for posv_mixed's float
// Cholesky) (blind check set 74: written after calibration, never fitted on). As in SLATE: one
// block a tile (tileA = Aarray[blockIdx.x], tileB = Barray[blockIdx.x]), a thread a row i from
// threadIdx.x in steps of blockDim.x below m, for Lower each column j <= i and below n copied
// (rowB[j ldb] = rowA[j lda], column-major tiles); the host's min(1024, m) threads on
// batch_count blocks. Departures: the block the sweep's, any shape (linearized: the rows in
// steps of all its threads); the arrays of tile pointers as one buffer of tiles each (the k-th
// tile lda n elements after the one before it); the Lower instantiation (uplo fixed); the
// int64_t sizes int. Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: whole numbers converted to float. 1-D: one block a
// tile, a thread a row walking its columns up to the diagonal.
#include "common.cuh"

extern "C" __global__ void slate_tzcopy(int m, int n, const double* __restrict__ Aarray,
                                        int lda, float* __restrict__ Barray, int ldb) {
    const double* tileA = Aarray + (long long)blockIdx.x * lda * n;
    float* tileB = Barray + (long long)blockIdx.x * ldb * n;
    const int nthreads = (int)ga_nthreads();
    for (int i = (int)ga_tid(); i < m; i += nthreads) {
        const double* rowA = tileA + i;
        float* rowB = tileB + i;
        for (int j = 0; j <= i && j < n; ++j) {  // lower
            rowB[(long long)j * ldb] = (float)rowA[(long long)j * lda];
        }
    }
}
