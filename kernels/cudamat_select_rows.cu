// cudamat's kSelectRows (cudamat/cudamat, cudamat/cudamat_kernels.cu, launched by selectRows in
// cudamat's cudamat.cu with source->size[0] as nCols and source->size[1] as nSourceRows: in
// cudamat's column-major matrices a gather of whole columns, each size[0] contiguous floats, named
// by a float index vector, a negative index counted from the end) (blind check set 98: written
// after calibration, never fitted on). As in cudamat: a block owns 32 consecutive target rows; its
// threads load their indices into shared memory (int(indices[r]), plus nSourceRows when negative,
// -1 when still outside), a barrier, then for each of the block's rows in turn the threads stride
// over the columns: target[row nCols + col] = source[sourceRow nCols + col] (NaN for an index left
// at -1); the host's 32 threads on cdiv(nRowIs, 32) blocks. Departures: the block any shape: the
// index load strided over the block's linear threads (the source's 32 threads load one each), the
// block's 32 rows shared out among its by*bz rows (row i for i = ty, ty + by*bz, ...; at the host's
// 32 x 1 x 1 block the source's loop) and each row's columns among its bx threads; NaN written as a
// quiet NaN constant; the static shared array of 32 ints as 128 B of dynamic shared memory; 64-bit
// offsets. Reimplemented from the published source (its indexing, arithmetic and control flow; none
// of its text). Exact: copies (the manifest's indices all inside, so no NaN). 2-D, shared memory, a
// per-block work split: x -> column, y*z -> a share of the block's 32 rows: a 4 B index load by 32
// threads, a barrier, then per row a 4 B broadcast shared read, a 4 B load gathered from the named
// source row (a warp's 128 B contiguous) and a 4 B store (a warp's 128 B contiguous).
#include "common.cuh"

#define CUDAMAT_SELECT_ROWS 32

extern "C" __global__ void cudamat_select_rows(const float* source, float* target,
                                               const float* indices, int nRowIs, int nCols,
                                               int nSourceRows) {
    extern __shared__ int src_rows[];  // cudamat's static 32 ints (128 B, dynamic here)
    const int first = blockIdx.x * CUDAMAT_SELECT_ROWS;
    const int here = min(CUDAMAT_SELECT_ROWS, nRowIs - first);
    const int tid = (int)ga_tid();
    const int nthreads = (int)ga_nthreads();

    for (int k = tid; k < here; k += nthreads) {
        int s = (int)indices[first + k];
        if (s < 0) s += nSourceRows;
        if (s < 0 || s >= nSourceRows) s = -1;
        src_rows[k] = s;
    }
    __syncthreads();

    for (int i = ga_row_in_block(); i < here; i += ga_block_rows()) {
        const long long out_row = (long long)(first + i) * nCols;
        const int s = src_rows[i];
        const long long in_row = (long long)s * nCols;
        for (int col = threadIdx.x; col < nCols; col += blockDim.x) {
            target[out_row + col] = s == -1 ? __int_as_float(0x7fffffff) : source[in_row + col];
        }
    }
}
