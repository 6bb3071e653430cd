// Random-element copy (Torres et al., 000 §V and 001 §V.B.2): each thread computes a random
// (row, col) from a hash of its own position (~20 integer operations) and copies A[row][col]
// into B[row][col]. Several threads may copy the same element and some elements are never
// copied (they keep B's initial value); the result does not depend on the order.
//
// The hash (a 32-bit integer finalizer) is mirrored exactly by
// gpuadvisor.targets.references.random_positions.
#include "common.cuh"

__device__ __forceinline__ unsigned ga_mix(unsigned x) {
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

extern "C" __global__ void random_copy(const int* __restrict__ A, int* __restrict__ B,
                                       int rows, int cols, unsigned seed) {
    const int col = ga_col();
    const int row = ga_row();
    if (row < rows && col < cols) {
        const unsigned h1 = ga_mix(seed ^ (unsigned)((size_t)row * cols + col));
        const unsigned h2 = ga_mix(h1 + 0x9e3779b9u);
        const size_t r = h1 % (unsigned)rows;
        const size_t c = h2 % (unsigned)cols;
        const size_t i = r * cols + c;
        B[i] = A[i];
    }
}
