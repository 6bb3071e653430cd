// One time step of the 2-D constant-density acoustic wave equation by finite differences,
// eighth order in space and second order in time: the propagation kernel of seismic
// reverse-time migration and full-waveform inversion (as in Madagascar's and Devito's
// generated 2-D acoustic kernels) (blind check set 16: written after calibration, never
// fitted on; its sweeps go to fixtures/hopper/blind16/ once recorded). With the pressure
// fields p (now) and p_prev (the step before), the velocity model vel (m/s) and
// dt2_h2 = (dt / h)^2: p_next = 2 p - p_prev + vel^2 dt2_h2 lap(p), lap(p) = 2 c0 p +
// sum_{k=1..4} c_k (p[r, c - k] + p[r, c + k] + p[r - k, c] + p[r + k, c]) with the
// eighth-order central coefficients c0 = -205/72, c1 = 8/5, c2 = -1/5, c3 = 8/315,
// c4 = -1/560 (the grid spacing h is in dt2_h2). The outer four rows and columns are the
// stencil's halo: their threads leave at once and p_next keeps its values there (the
// absorbing boundary is applied by another kernel). One thread per cell: seventeen 4 B loads
// of the star of radius 4 straight from global memory (no shared memory: the row's nine are
// contiguous across the warp and mostly the same lines, the eight above and below are the
// lines other rows of the block or of neighbouring blocks load too: L1 or L2 hits), 4 B loads
// of p_prev and vel, about twenty multiply-adds and one contiguous 4 B store. float32:
// within the manifest's tolerance of the reference's float64. x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void acoustic_fd8(const float* __restrict__ p,
                                        const float* __restrict__ p_prev,
                                        const float* __restrict__ vel, float* __restrict__ p_next,
                                        int rows, int cols, float dt2_h2) {
    const int c = ga_col();
    const int r = ga_row();
    if (r < 4 || c < 4 || r >= rows - 4 || c >= cols - 4) {
        return;  // the halo (and threads outside the grid)
    }
    const float c0 = -205.0f / 72.0f, c1 = 8.0f / 5.0f, c2 = -1.0f / 5.0f, c3 = 8.0f / 315.0f,
                c4 = -1.0f / 560.0f;
    const long long i = (long long)r * cols + c;
    const long long s = cols;
    const float centre = p[i];
    float lap = 2.0f * c0 * centre;
    lap += c1 * (p[i - 1] + p[i + 1] + p[i - s] + p[i + s]);
    lap += c2 * (p[i - 2] + p[i + 2] + p[i - 2 * s] + p[i + 2 * s]);
    lap += c3 * (p[i - 3] + p[i + 3] + p[i - 3 * s] + p[i + 3 * s]);
    lap += c4 * (p[i - 4] + p[i + 4] + p[i - 4 * s] + p[i + 4 * s]);
    const float v = vel[i];
    p_next[i] = 2.0f * centre - p_prev[i] + v * v * dt2_h2 * lap;
}
