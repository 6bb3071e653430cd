// D8 flow directions of a digital elevation model, the first step of GPU hydrology
// (flow accumulation, watershed and stream extraction, as TauDEM, RichDEM and GRASS
// r.watershed compute them): out[r, c] = the ESRI code of the steepest downhill neighbour
// among the eight, E 1, SE 2, S 4, SW 8, W 16, NW 32, N 64, NE 128 (rows run south), the drop
// z - z_n divided by the distance (diagonal drops times 0.70710678f), the first of the
// steepest in that order on ties, 0 for a pit or flat cell (no neighbour strictly lower);
// neighbours outside the grid are skipped (blind check set 12: written after calibration,
// never fitted on; its sweeps go to fixtures/hopper/blind12/ once recorded). Integer-valued
// float32 elevations and one float32 multiply per diagonal drop: the same bits on the GPU
// and in NumPy, compared exactly. One thread per cell: nine 4 B loads from three rows
// (neighbouring lanes and rows of the block share them: L1 hits), eight compares, one
// contiguous 4 B store. No shared memory. x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void d8_flow(const float* __restrict__ dem, int* __restrict__ dir,
                                   int rows, int cols) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    const int dr[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    const int dc[8] = {1, 1, 0, -1, -1, -1, 0, 1};
    const float z = dem[(long long)r * cols + c];
    float best = 0.0f;
    int code = 0;
#pragma unroll
    for (int k = 0; k < 8; ++k) {
        const int y = r + dr[k], x = c + dc[k];
        if (y < 0 || y >= rows || x < 0 || x >= cols) {
            continue;
        }
        float drop = z - dem[(long long)y * cols + x];
        if (k & 1) {
            drop *= 0.70710678f;
        }
        if (drop > best) {
            best = drop;
            code = 1 << k;
        }
    }
    dir[(long long)r * cols + c] = code;
}
