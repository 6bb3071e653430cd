// One pass of the jump flooding algorithm (Rong and Tan's JFA, as GPU Voronoi diagrams and
// Euclidean distance transforms run it log2(n) times with the step halving from n / 2 down
// to 1), out of place (blind check set 19: written after calibration, never fitted on; its
// sweeps go to fixtures/hopper/blind19/ once recorded). Each pixel holds the (x, y)
// coordinates of the nearest seed found so far as an int2 (x < 0: no seed yet, the -1
// marker of the parallel banding algorithm's code). Pass with step k: pixel (c, r) looks at
// the nine pixels (c + i k, r + j k), i, j in {-1, 0, 1} (those inside the image), rows
// from the top and columns from the left, and keeps the seed at the smallest squared
// Euclidean distance (dx^2 + dy^2 in int32), the first in that order on a tie; none when
// none of the nine holds a seed. Per thread: up to nine 8 B loads from three rows k apart
// (each a warp's 256 contiguous bytes at three places k pixels apart; rows and columns k
// away are read again by the blocks there: L2 hits), two integer multiply-adds and a
// compare each, one contiguous 8 B store. No shared memory. Integer arithmetic: exact.
// x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void jfa_step(const int* __restrict__ seeds_in, int* __restrict__ seeds_out,
                                    int rows, int cols, int step) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    const int2* in = reinterpret_cast<const int2*>(seeds_in);
    int2 best = make_int2(-1, -1);
    int best_d = 0x7fffffff;
#pragma unroll
    for (int j = -1; j <= 1; ++j) {
        const int y = r + j * step;
        if (y < 0 || y >= rows) {
            continue;
        }
#pragma unroll
        for (int i = -1; i <= 1; ++i) {
            const int x = c + i * step;
            if (x < 0 || x >= cols) {
                continue;
            }
            const int2 s = in[(long long)y * cols + x];
            if (s.x < 0) {
                continue;
            }
            const int dx = s.x - c, dy = s.y - r;
            const int d = dx * dx + dy * dy;
            if (d < best_d) {
                best_d = d;
                best = s;
            }
        }
    }
    reinterpret_cast<int2*>(seeds_out)[(long long)r * cols + c] = best;
}
