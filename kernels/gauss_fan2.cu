// The trailing-submatrix update of Gaussian elimination, Rodinia's gaussian benchmark
// (gaussian.cu: Fan2, launched once per pivot t after Fan1 has filled column t of the
// multiplier matrix), the classic kernel whose x index walks the matrix's rows (blind check
// set 26: written after calibration, never fitted on; its sweeps go to fixtures/hopper/blind26/
// once recorded). a and m are Size x Size float32 matrices in row-major order, b a Size-long
// right-hand side. For pivot t, thread (xidx, yidx) with xidx < Size - 1 - t and yidx < Size -
// t updates a[xidx + 1 + t][yidx + t] -= m[xidx + 1 + t][t] a[t][yidx + t], and the threads of
// yidx = 0 also b[xidx + 1 + t] -= m[xidx + 1 + t][t] b[t] (the pivot row and b[t] are only
// read, so no thread reads what another writes). x -> row (xidx: neighbouring lanes of a warp
// are Size * 4 B apart in a and m, one sector each), y*z -> column (yidx; Rodinia's y, z
// folded in). Per thread: a 4 B load of m (its row's multiplier, the same for the threads of
// one row), a 4 B load of the pivot row (the same for the lanes of one column: a broadcast),
// a 4 B load and store of a, a few threads a b update. No shared memory. float32, integer
// data: exact. Rodinia's int indices are kept (Size^2 < 2^31).
#include "common.cuh"

extern "C" __global__ void gauss_fan2(float* __restrict__ m_cuda, float* __restrict__ a_cuda,
                                      float* __restrict__ b_cuda, int Size, int j1, int t) {
    if (ga_col() >= Size - 1 - t) return;
    if (ga_row() >= Size - t) return;
    const int xidx = ga_col();
    const int yidx = ga_row();
    a_cuda[Size * (xidx + 1 + t) + (yidx + t)] -= m_cuda[Size * (xidx + 1 + t) + t] *
                                                   a_cuda[Size * t + (yidx + t)];
    if (yidx == 0) {
        b_cuda[xidx + 1 + t] -= m_cuda[Size * (xidx + 1 + t) + (yidx + t)] * b_cuda[t];
    }
}
