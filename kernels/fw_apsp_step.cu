// One step k of the Floyd-Warshall all-pairs shortest-path algorithm on a dense distance
// matrix, the unblocked GPU form of Harish and Narayanan ("Accelerating large graph
// algorithms on the GPU using CUDA", HiPC 2007) that public CUDA APSP codes launch once per
// k (blind check set 40: written after calibration, never fitted on). As there: one thread per
// matrix element (i, j), the distance through vertex k, d[i][k] + d[k][j], replacing d[i][j]
// in place when shorter. Row k and column k do not change in step k (d[k][k] >= 0), so the
// in-place update reads the same values in any order. Departures: int32 distances without an
// infinity (every pair joined: weights from 1 to 999, so sums stay far from overflow); the
// row from y and the column from x of a 2-D block of any shape. Written from memory. x ->
// column j, y*z -> row i.
#include "common.cuh"

extern "C" __global__ void fw_apsp_step(int* dist, int n, int k) {
    const int j = ga_col(), i = ga_row();
    if (i >= n || j >= n) return;
    const int ik = dist[(long long)i * n + k];
    const int kj = dist[(long long)k * n + j];
    const long long ij = (long long)i * n + j;
    if (ik + kj < dist[ij]) dist[ij] = ik + kj;
}
