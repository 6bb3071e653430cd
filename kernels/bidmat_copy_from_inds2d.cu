// The indexed submatrix copy B = A[I, J], BIDMat's __copyFromInds2Dnn (BIDData/BIDMat,
// jni/src/CopyFill.cu, the COPYFROMINDS2DA variant with both index vectors, behind
// copyFromInds2D in the same file: GMat's apply(IMat, IMat), every a(irows, icols) of a GPU
// matrix in BIDMat and BIDMach, e.g. a minibatch's features selected by row and column)
// (blind check set 69: written after calibration, never fitted on). As in BIDMat: one block a
// column of B, iblock = blockIdx.x + blockIdx.y gridDim.x below ncols, icol = J[iblock], i
// from threadIdx.x below nrows in steps of blockDim.x, B[i + iblock ldb] = A[I[i] + icol lda]
// (column-major); the host's max(32, min(1024, nrows)) threads on min(ncols, cdiv(nrows ncols,
// threads)) blocks (ncols here: one a column), split over the grid's y past 65,535.
// Departures: the block the sweep's, any shape (x the row of B, looping as in BIDMat, y*z one
// of by*bz columns a block: iblock = (blockIdx.x + blockIdx.y gridDim.x) by*bz + the thread's
// row in the block, z folded in), offsets long long. Reimplemented from the published source
// (its indexing, arithmetic and control flow; none of its text). Exact: copies. 2-D: x loops
// over B's rows, y*z its column.
#include "common.cuh"

extern "C" __global__ void bidmat_copy_from_inds2d(const float* __restrict__ A, int lda,
                                                   float* __restrict__ B, int ldb,
                                                   const int* __restrict__ I, int nrows,
                                                   const int* __restrict__ J, int ncols) {
    const int iblock = (blockIdx.x + blockIdx.y * gridDim.x) * ga_block_rows() +
                       ga_row_in_block();
    if (iblock < ncols) {
        const int icol = J[iblock];
        for (int i = threadIdx.x; i < nrows; i += blockDim.x) {
            B[i + (long long)iblock * ldb] = A[I[i] + (long long)icol * lda];
        }
    }
}
