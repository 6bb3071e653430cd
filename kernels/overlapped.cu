// Overlapped-latency kernel (Torres et al., 001 §V.A.5): matrix addition where each warp of a
// block does warp * unit dummy operations before its loads and (max_warps - warp) * unit
// after them, so different warps issue their loads at different times and the load latency
// of one warp is hidden by the computation of the others. The paper used max_warps = 48
// (warps per Fermi SM); pass the target's warps per SM.
//
// `zero` is 0 at run time (unknown to the compiler): the first chain feeds the load address
// as d1 * zero, the second starts from a * zero and is added as d2 * zero. Output: A + B.
#include "common.cuh"

extern "C" __global__ void overlapped(const int* __restrict__ A, const int* __restrict__ B,
                                      int* __restrict__ C, int rows, int cols, int unit,
                                      int max_warps, int zero) {
    const int col = ga_col();
    const int row = ga_row();
    const int warp = ga_tid() / warpSize;
    const int before = warp * unit;
    const int after = max(max_warps - warp, 0) * unit;
    if (row < rows && col < cols) {
        const unsigned d1 = ga_busy((unsigned)zero, before);
        const size_t i = (size_t)row * cols + col + (size_t)(d1 * (unsigned)zero);
        const int a = A[i];
        const int b = B[i];
        const unsigned d2 = ga_busy((unsigned)a * (unsigned)zero, after);
        C[i] = a + b + (int)(d2 * (unsigned)zero);
    }
}
