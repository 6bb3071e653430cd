// LIO's gpu_compute_density<float, *, *, lda = true> (MALBECC/lio, g2g/cuda/kernels/energy.h,
// launched from the point group's solve step in g2g/cuda/iteration.cu for each group of
// integration points: the first step of the exchange-correlation term of LIO's GPU DFT, each point's partial
// electron density from the group's basis-function values and the reduced density matrix)
// (blind check set 102: written after calibration, never fitted on). As in LIO: point =
// blockIdx.x, i = threadIdx.x + blockIdx.y DENSITY_BLOCK_SIZE (a function), valid where point <
// points and i < m; Fi = function_values[COALESCED_DIMENSION(points) i + point]; for bj from 0
// while bj <= i in steps of the block, the block stages the function values of functions bj +
// position for its point in shared memory (where bj + position < m), a barrier, and each valid
// thread adds rdm[COALESCED_DIMENSION(m) (bj + j) + i] fj_sh[j] over j while bj + j <= i into w;
// partial_density = Fi w; a barrier, the partials staged in shared memory, a barrier, thread 0
// summing the block's valid ones (DENSITY_BLOCK_SIZE, or m mod it in the last block row) into
// out_partial_density[blockIdx.y points + blockIdx.x]; the host's DENSITY_BLOCK_SIZE = 128
// threads on points x divUp(m, 128) blocks. Departures: the block any shape (linearized:
// DENSITY_BLOCK_SIZE the block's threads, the static shared array one dynamic allocation of a
// float a thread); the barriers taken by every thread (the source's first one sits inside the
// staging test and its loop runs to each thread's own i: every thread here loops to the block's
// last function, the staging and the sums still guarded as in the source); the point from the
// grid's y and the function chunk from its x (the source's blockIdx.x and blockIdx.y: the grid's
// x the dimension that depends on the block); the GGA terms
// (gradients, hessians) and the unused energy, factor and weight arguments dropped; the
// padded dimensions (COALESCED_DIMENSION: d + 32 - d mod 32) as arguments. Reimplemented from
// the published source (its indexing, arithmetic and control flow; none of its text). Exact:
// whole-number function values and matrix entries keep every product and sum far below 2^24.
// 1-D, shared memory, a per-block work split: a block one point and a chunk of functions; per
// staged function a 4 B load (the point's column: the threads' loads cdp * 4 B apart, x NOT the
// contiguous dimension), per inner step a 4 B rdm load (a warp's 128 B contiguous) and a
// broadcast shared read; thread 0 sums the block's partials and stores 4 B.
#include "common.cuh"

extern "C" __global__ void lio_compute_density(const float* rdm, const float* function_values,
                                               unsigned points, unsigned m, unsigned cdp,
                                               unsigned cdm, float* out_partial_density) {
    extern __shared__ float lio_fj[];
    const unsigned nthreads = ga_nthreads();
    const unsigned position = ga_tid();
    const unsigned point = blockIdx.y;
    const unsigned first = blockIdx.x * nthreads;
    const unsigned i = position + first;
    const bool valid = point < points && i < m;
    float fi = 0.0f;
    if (valid) fi = function_values[(long long)cdp * i + point];
    float w = 0.0f;
    const unsigned last = first + nthreads - 1;  // the block's last function
    for (unsigned bj = 0; bj <= last; bj += nthreads) {
        __syncthreads();
        if (bj + position < m && point < points) {
            lio_fj[position] = function_values[(long long)cdp * (bj + position) + point];
        }
        __syncthreads();
        if (valid) {
            for (unsigned j = 0; j < nthreads && bj + j <= i; ++j) {
                w += rdm[(long long)cdm * (bj + j) + i] * lio_fj[j];
            }
        }
    }
    float partial = 0.0f;
    if (valid) partial = fi * w;
    __syncthreads();
    if (valid) lio_fj[position] = partial;
    __syncthreads();
    if (position == 0) {
        const unsigned count = m - first < nthreads ? m - first : nthreads;
        float sum = 0.0f;
        for (unsigned j = 0; j < count; ++j) sum += lio_fj[j];
        out_partial_density[(long long)blockIdx.x * points + blockIdx.y] = sum;
    }
}
