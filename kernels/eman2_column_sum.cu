// EMAN2's column sums, column_sum (cryoem/eman2, libEM/cuda/cuda_processor.cu, launched by
// emdata_column_sum in the same file, which EMData's CUDA path (libEM/emdata.cpp) calls to sum
// an image's columns, e.g. a micrograph's projection onto x) (blind check set 81: written after
// calibration, never fitted on). As in EMAN2: idx = threadIdx.x + blockIdx.x num_threads +
// offset a column, s the sum over i < ny of data[idx + i nx] in that order, sum[idx] = s; the
// host's min(MAX_THREADS, nx) threads (MAX_THREADS 128) on nx / 128 blocks, then one block of
// the nx % 128 columns left (offset past the others). Departures: the block the sweep's, any
// shape (linearized: idx from the whole block, num_threads its threads), the two launches one
// (cdiv(nx, threads) blocks and a test idx < nx); the row offset in 64 bits. Reimplemented from
// the published source (its indexing, arithmetic and control flow; none of its text). Exact:
// whole numbers, every partial sum below 2^24, added in the source's order. 1-D: one thread a
// column (4,096: under one wave on purpose), a serial loop of ny rows: a 4 B load a row (a
// warp's 128 B contiguous, the rows 16 KiB apart), one 4 B store.
#include "common.cuh"

extern "C" __global__ void eman2_column_sum(const float* data, float* sum, int nx, int ny) {
    const long long idx = ga_linear();
    if (idx >= nx) return;
    float s = 0.0f;
    for (int i = 0; i < ny; i++) s += data[idx + (long long)i * nx];
    sum[idx] = s;
}
