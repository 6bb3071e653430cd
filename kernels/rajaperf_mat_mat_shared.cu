// The RAJA Performance Suite's MAT_MAT_SHARED Base_CUDA kernel (LLNL/RAJAPerf,
// src/basic/MAT_MAT_SHARED-Cuda.cpp mat_mat_shared<tile_size> with the loop bodies
// MAT_MAT_SHARED_BODY_0 .. 4 of src/basic/MAT_MAT_SHARED.hpp, launched by
// MAT_MAT_SHARED::runCudaVariantImpl in the same file: the suite's shared-memory tiled
// matrix-matrix product C = A B of two N x N double matrices, the textbook tiling that RAJA's
// team-shared launch is measured against) (blind check set 109: written after calibration,
// never fitted on). As in RAJAPerf: tx, ty the thread and bx, by the block; Cs[ty][tx] = 0 in
// shared memory; for k below (tile + N - 1) / tile, Row = by tile + ty and Col = bx tile + tx,
// As[ty][tx] = A[Row N + k tile + tx] (0 outside) and Bs[ty][tx] = B[(k tile + ty) N + Col] (0
// outside) staged, a barrier, Cs[ty][tx] += As[ty][n] Bs[n][tx] over n below the tile, a
// barrier; C[Col + N Row] = Cs[ty][tx] inside the matrix; the host's tile_size x tile_size =
// TL_SZ x TL_SZ = 16 x 16 threads (the default gpu_block_size TL_SZ * TL_SZ) on cdiv(N, 16) x
// cdiv(N, 16) blocks. Departures: the block any shape (x the column, y*z the row, z folded
// in): the output tile bx columns by by*bz rows, the k tile the narrower of the two (tk =
// min(bx, by*bz); the source's square tile has all three equal), so that A's tile (by*bz x tk)
// is staged by the threads with x < tk and B's (tk x bx) by the rows below tk, one value a
// thread at most; the three static tiles one dynamic allocation (at most 3 threads doubles).
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: whole-number matrices keep every product and sum far below 2^53. 2-D,
// shared memory, a per-block work split (a bx x by*bz tile of C a block, each thread's dot
// product over every k tile): per k tile up to two 8 B loads a thread (A along its row, a
// warp's run contiguous; B along its column, a warp's 256 B contiguous), two shared stores,
// two barriers and tk pairs of shared reads with a shared read-modify-write of Cs, then one
// 8 B store.
#include "common.cuh"

extern "C" __global__ void rajaperf_mat_mat_shared(long long N, double* C, const double* A,
                                                   const double* B) {
    extern __shared__ double mms_tiles[];
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();
    const int tw = blockDim.x;
    const int th = ga_block_rows();
    const int tk = tw < th ? tw : th;
    double* As = mms_tiles;         // th x tk
    double* Bs = As + th * tk;      // tk x tw
    double* Cs = Bs + tk * tw;      // th x tw
    const long long Row = (long long)blockIdx.y * th + ty;
    const long long Col = (long long)blockIdx.x * tw + tx;
    Cs[ty * tw + tx] = 0;
    for (long long k = 0; k < (tk + N - 1) / tk; k++) {
        if (tx < tk) {
            if (k * tk + tx < N && Row < N) {
                As[ty * tk + tx] = A[Row * N + k * tk + tx];
            } else {
                As[ty * tk + tx] = 0.0;
            }
        }
        if (ty < tk) {
            if (k * tk + ty < N && Col < N) {
                Bs[ty * tw + tx] = B[(k * tk + ty) * N + Col];
            } else {
                Bs[ty * tw + tx] = 0.0;
            }
        }
        __syncthreads();
        for (int n = 0; n < tk; ++n) {
            Cs[ty * tw + tx] += As[ty * tk + n] * Bs[n * tw + tx];
        }
        __syncthreads();
    }
    if (Row < N && Col < N) {
        C[Col + N * Row] = Cs[ty * tw + tx];
    }
}
