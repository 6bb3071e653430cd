// One semi-Lagrangian advection step of a scalar field on a Fortran-ordered (column-major)
// grid, the transport step of an atmospheric or ocean model's tracer and of Stam's "stable
// fluids" solver: each grid point takes the value found, by bilinear interpolation, at the
// departure point its velocity brings to it in one step (blind check set 21: written after
// calibration, never fitted on; its sweeps go to fixtures/hopper/blind21/ once recorded). The
// field q, the two velocity components and the result are rows x cols float32 arrays stored
// column-major, q(i, j) at i + j * rows (Fortran's q(rows, cols), MATLAB's layout: the row
// index i runs fastest, down a column). The velocity is in grid cells per unit time, u_row
// along i and u_col along j; the departure point of (i, j) is (i - dt u_row, j - dt u_col),
// clamped into the grid [0, rows - 1] x [0, cols - 1]; with i0 = floor, i1 = min(i0 + 1,
// rows - 1), a = the fraction (and j0, j1, b along j), q_new(i, j) = (1 - b) ((1 - a)
// q(i0, j0) + a q(i1, j0)) + b ((1 - a) q(i0, j1) + a q(i1, j1)). Per thread: two contiguous
// 4 B velocity loads, a clamp and floor a direction, four 4 B loads at data-dependent places
// within a few cells of its own (two pairs of neighbouring elements of two columns: the
// lanes of a warp read scattered but nearby addresses of the same few columns, L1 hits) and
// one contiguous 4 B store. No shared memory. float32: the test data (integer q, velocities
// in whole cells per unit time, dt = 1/8) keep every step exact. x -> row i (down a column,
// the contiguous direction), y*z -> column j.
#include "common.cuh"

extern "C" __global__ void semilag_advect(const float* __restrict__ q,
                                          const float* __restrict__ u_row,
                                          const float* __restrict__ u_col,
                                          float* __restrict__ q_new, int rows, int cols,
                                          float dt) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;  // row: consecutive x down a column
    const int j = blockIdx.y * ga_block_rows() + ga_row_in_block();  // column
    if (i >= rows || j >= cols) {
        return;
    }
    const long long k = (long long)j * rows + i;
    const float di = fminf(fmaxf(i - dt * u_row[k], 0.0f), (float)(rows - 1));
    const float dj = fminf(fmaxf(j - dt * u_col[k], 0.0f), (float)(cols - 1));
    const int i0 = (int)di, j0 = (int)dj;  // floor: both are >= 0
    const int i1 = min(i0 + 1, rows - 1), j1 = min(j0 + 1, cols - 1);
    const float a = di - i0, b = dj - j0;
    const float* c0 = q + (long long)j0 * rows;
    const float* c1 = q + (long long)j1 * rows;
    const float left = (1.0f - a) * c0[i0] + a * c0[i1];
    const float right = (1.0f - a) * c1[i0] + a * c1[i1];
    q_new[k] = (1.0f - b) * left + b * right;
}
