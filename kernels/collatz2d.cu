// Collatz stopping times on a 2-D grid of starting values (blind check set 2: kept out of
// every fit, see fixtures/hopper/blind/README.md). Compute-bound and divergent like an
// escape-time fractal, but neighbouring threads' loop lengths are unrelated (the stopping
// time of n and n + 1 differ arbitrarily), so no warp shape groups similar work. No loads;
// one 32-bit store per thread. x -> column, y*z -> row; n = base + row * cols + column.
#include "common.cuh"

extern "C" __global__ void collatz2d(int* __restrict__ steps, int rows, int cols,
                                     long long base, int max_steps) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    unsigned long long n = (unsigned long long)(base + (long long)r * cols + c);
    int k = 0;
    while (n != 1 && k < max_steps) {
        n = (n & 1) ? 3 * n + 1 : n >> 1;
        ++k;
    }
    steps[(size_t)r * cols + c] = k;
}
