// CSC456_S19_HW3's bitonic_sort_step (parthnagori/CSC456_S19_HW3, cudasort.cu, launched by
// cuda_sort in the same file with 512 threads on N / 512 blocks once for every (k, j) of
// the bitonic network: a course assignment's GPU sort of float values) (blind check set 115:
// written after calibration, never fitted on). As in CSC456_S19_HW3: i = threadIdx.x +
// blockDim.x blockIdx.x, its partner ij = i ^ j; only where ij > i: if (i & k) == 0 the pair
// swapped when arr[i] > arr[ij] (ascending), if (i & k) != 0 swapped when arr[i] < arr[ij]
// (descending). Departures: the block any shape (linearized), a bounds test i < n (the
// source launches exactly N threads for N a multiple of 512), 64-bit indices. Reimplemented
// from the published source (its indexing, arithmetic and control flow; none of its text).
// Exact: comparisons and swaps of the values, each pair owned by one thread. 1-D, no shared
// memory: per owning thread (half of them) two 4 B loads j elements apart (a warp's 128 B
// contiguous each for j >= 32) and, where out of order, two 4 B stores.
#include "common.cuh"

extern "C" __global__ void csc456_bitonic_step(float* values, long long n, int j, int k) {
    const long long i = ga_linear();
    if (i >= n) return;
    const long long ij = i ^ (long long)j;
    if (ij <= i) return;
    const float a = values[i];
    const float b = values[ij];
    if ((i & k) == 0) {
        if (a > b) {
            values[i] = b;
            values[ij] = a;
        }
    } else {
        if (a < b) {
            values[i] = b;
            values[ij] = a;
        }
    }
}
