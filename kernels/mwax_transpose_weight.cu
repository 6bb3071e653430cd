// MWAX's transpose_to_xGPU_and_weight_kernel (MWATelescope/mwax_common, mwax-cbf-cuda/
// mwax_cbf_cuda.cu, launched by mwax_transpose_to_xGPU_and_weight in the same file: the
// Murchison Widefield Array's MWAX correlator reordering each signal path's channelized
// complex voltages, [path][frequency and time], into xGPU's [frequency and time][path] input
// order with a per-path weight applied) (blind check set 111: written after calibration,
// never fitted on). As in MWAX: the column blockIdx.x, the path threadIdx.x, weight =
// weights[path], output[2 (column rows + path)] = input[2 (path columns + column)] weight and
// the imaginary part likewise; the host's rows (signal paths) threads on columns blocks.
// Departures: the block any shape (linearized), its threads walking the paths path = t,
// t + threads, ... below rows so that any block covers a column's paths (the source's one
// thread a path); 64-bit offsets. Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: whole-number weights and voltages.
// 1-D, no shared memory, one block a column, x NOT the contiguous dimension of the input: per
// path a 4 B weight load (contiguous), an 8 B load (the lanes columns * 8 B apart) and an 8 B
// store (contiguous).
#include "common.cuh"

extern "C" __global__ void mwax_transpose_weight(const float* weights, const float* input,
                                                 float* output, unsigned rows,
                                                 unsigned columns) {
    const long long column = blockIdx.x;
    for (unsigned path = ga_tid(); path < rows; path += ga_nthreads()) {
        const float weight = weights[path];
        const long long idx_read = 2 * ((long long)path * columns + column);
        const long long idx_write = 2 * (column * rows + path);
        output[idx_write] = input[idx_read] * weight;
        output[idx_write + 1] = input[idx_read + 1] * weight;
    }
}
