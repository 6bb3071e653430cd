// qsim's block-wise norm of a state vector, Reduce1Kernel<double> with RealProduct<float> and
// Plus<double> (quantumlib/qsim, lib/statespace_cuda_kernels.h (detail::BlockReduce1, WarpReduce in
// lib/util_cuda.h), launched by StateSpaceCUDA::PartialNorms and, as the first of two stages, by
// Norm through Reduce in lib/statespace_cuda.h: the squared norm of every block of amplitudes,
// which qsim's measurements (StateSpace::Measure in lib/statespace.h: PartialNorms, then the
// block holding the sampled outcome) and its quantum-trajectory normalization
// (lib/qtrajectory.h: Norm after each Kraus operator) start from) (blind check set 78: written
// after calibration, never fitted on). As in qsim: the state stored warp-interleaved (32 real then
// 32 imaginary parts a 64-float group: amplitude a at 64 (a / 32) + a % 32, its imaginary part 32
// on), k0 = 2 n blockIdx.x blockDim.x + 2 tid - lane for the block's n blockDim.x amplitudes (n =
// dblocks), r = re^2 + im^2 in float then summed in double in steps of 2 blockDim.x floats up to
// k1 = k0 + 2 n blockDim.x, r stored in partial1[tid], partial2[32] zeroed by the first warp, a
// barrier, each warp's shuffle tree (WarpReduce: val + __shfl_down_sync(full, val, i) for i = 16
// down to 1), lane 0 storing partial2[warp], a barrier, the first warp's shuffle tree over
// partial2, thread 0 storing result[blockIdx.x]; the host's GetGrid1: min(size, 512) threads,
// dblocks = min(size / threads, 16), size / (threads dblocks) blocks (CreateGrid: 1-D up to 65,536),
// 8 threads bytes of dynamic shared memory. Departures: the block the sweep's, any shape
// (linearized: each thread's amplitudes from its block index, tid + j threads for j below n, at
// the state's own layout: the source's 2 tid - lane for whole warps); cdiv(size, threads n)
// blocks and the amplitudes past the state's end skipped in the last one (the source's sizes
// divide exactly); each warp's shuffles with a mask of its lanes, adding only lanes the warp has
// (the source's full warps: the same sums in lane 0); Norm's one state passed once (s1 = s2);
// n (dblocks) fixed at 16; partial1 and partial2 one dynamic allocation. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// whole-number amplitudes (every square and block sum an integer below 2^24, in any order). 1-D,
// shared memory: a fixed 16 amplitudes a thread a block apart (two 4 B loads 128 B apart, a
// warp's 128 B contiguous each), then two shuffle trees and one 8 B store a block.
#include "common.cuh"

// qsim's WarpReduce with Plus<double>, for a warp of `lanes` lanes.
__device__ __forceinline__ double qsim_warp_sum(double val, unsigned lane, unsigned lanes) {
    const unsigned mask = lanes == 32 ? 0xFFFFFFFFu : (1u << lanes) - 1u;
    for (unsigned i = 16; i > 0; i /= 2) {
        const double other = __shfl_down_sync(mask, val, i);
        if (lane + i < lanes) val = val + other;
    }
    return val;
}

extern "C" __global__ void qsim_partial_norms(long long n, long long size, const float* state,
                                              double* result) {
    extern __shared__ double qsim_partial[];  // [threads] partial1, then [32] partial2
    const unsigned tid = ga_tid();
    const unsigned nthreads = ga_nthreads();
    const unsigned warp = tid / 32;
    const unsigned lane = tid % 32;
    double* partial2 = qsim_partial + nthreads;
    const long long first = n * (long long)blockIdx.x * nthreads + tid;
    const long long last = first + n * (long long)nthreads;
    double r = 0.0;
    for (long long a = first; a < last; a += nthreads) {
        if (a >= size) break;
        const long long k = 64 * (a / 32) + a % 32;
        const float re = state[k];
        const float im = state[k + 32];
        const float p = re * re + im * im;  // RealProduct<float>(re, im, re, im)
        r = (a == first) ? (double)p : r + p;
    }
    qsim_partial[tid] = r;
    if (tid < 32) partial2[tid] = 0.0;
    __syncthreads();
    const unsigned warp_lanes = min(32u, nthreads - 32 * warp);
    const double val = qsim_warp_sum(qsim_partial[tid], lane, warp_lanes);
    if (lane == 0) partial2[warp] = val;
    __syncthreads();
    double sum = 0.0;
    if (tid < 32) sum = qsim_warp_sum(partial2[tid], lane, min(32u, nthreads));
    if (tid == 0) result[blockIdx.x] = sum;
}
