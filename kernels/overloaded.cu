// Overloaded kernel (Torres et al., 001 §V.A.4): matrix addition with a long chain of dummy
// arithmetic between the loads and the store, so computation dominates memory access.
//
// `zero` is 0 at run time but unknown to the compiler: the chain starts from a * zero (so it
// runs after the loads) and its result is added as d * zero (so it is kept). The output is
// exactly A + B.
#include "common.cuh"

extern "C" __global__ void overloaded(const int* __restrict__ A, const int* __restrict__ B,
                                      int* __restrict__ C, int rows, int cols, int iters,
                                      int zero) {
    const int col = ga_col();
    const int row = ga_row();
    if (row < rows && col < cols) {
        const size_t i = (size_t)row * cols + col;
        const int a = A[i];
        const int b = B[i];
        const unsigned d = ga_busy((unsigned)a * (unsigned)zero, iters);
        C[i] = a + b + (int)(d * (unsigned)zero);
    }
}
