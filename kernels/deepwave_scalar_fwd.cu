// Deepwave's scalar forward_kernel, 2-D at accuracy 2 (ar4/deepwave, src/deepwave/scalar.cu,
// the finite-difference stencils of src/deepwave/regular_grid.h; launched by the 2-D float
// forward entry point in the same file once a time step behind deepwave.scalar: one time step
// of the constant-density acoustic wave equation with C-PML absorbing boundaries, as used for
// seismic full-waveform inversion) (blind check set 102: written after calibration, never
// fitted on). As in Deepwave: x = blockIdx.x blockDim.x + threadIdx.x + FD_PAD and y likewise,
// the shot from the grid's z, nothing at or past ny - FD_PAD, nx - FD_PAD or the shots; j = y nx
// + x, i = shot shot_numel + j; w_sum the second y and x differences of wfc; in the y (x) PML
// (y < pml_y0 or y >= pml_y1) the C-PML form instead: dwfcdy the first difference, tmpy = (1 +
// by[y]) d2 + dbydy[y] dwfcdy + the first difference of ay psiy, w_sum += (1 + by[y]) tmpy +
// ay[y] zetay[i], psiyn[i] = by[y] dwfcdy + ay[y] psiy[i], zetay[i] = by[y] tmpy + ay[y]
// zetay[i] (in place); dwdv[i] = 2 v dt2 w_sum when gradients are wanted; wfp[i] = v^2 dt2
// w_sum + 2 wfc[i] - wfp[i] (in place); the host's 32 x 32 threads on cdiv(nx - 2 FD_PAD, 32) x
// cdiv(ny - 2 FD_PAD, 32) x n_shots blocks. Departures: the block any shape (x the column, y*z
// the row with z folded in; the shot from blockIdx.z alone, the host's block z being 1); the
// __constant__ configuration as scalar arguments; accuracy 2 (FD_PAD 1, the stencils'
// coefficients 1/2, -2 and 1: Deepwave's default is 4, whose 4/3 and -1/12 are not exact).
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: whole-number fields and profiles with dyadic spacings and dt2 keep every
// product and sum a dyadic number far below 2^24. 2-D, no shared memory: x the contiguous
// column; per thread 5 wfc loads (a warp's 128 B contiguous, the rows above and below shared
// through L1), a 4 B v load and in the PML bands 3 more 4 B loads and 3 stores a direction, a
// 4 B dwdv store and a 4 B wfp read-modify-write.
#include "common.cuh"

#define DW_FD_PAD 1

extern "C" __global__ void deepwave_scalar_fwd(
    const float* v, const float* wfc, float* wfp, float* dwdv, const float* psiy,
    float* psiyn, float* zetay, const float* ay, const float* by, const float* dbydy,
    const float* psix, float* psixn, float* zetax, const float* ax, const float* bx,
    const float* dbxdx, int v_requires_grad, float dt2, float rdy, float rdy2, float rdx,
    float rdx2, long long ny, long long nx, long long shot_numel, long long n_shots,
    long long pml_y0, long long pml_y1, long long pml_x0, long long pml_x1, int v_batched) {
    const long long x = (long long)ga_col() + DW_FD_PAD;
    const long long y = (long long)ga_row() + DW_FD_PAD;
    const long long shot = blockIdx.z;
    if (y >= ny - DW_FD_PAD || x >= nx - DW_FD_PAD || shot >= n_shots) return;
    const long long j = y * nx + x;
    const long long i = shot * shot_numel + j;
    const float v_shot = v_batched ? v[i] : v[j];
    float w_sum = 0.0f;
    // the second difference along y, the row above and below
    const float d2y = (-2.0f * wfc[i] + (wfc[i + nx] + wfc[i - nx])) * rdy2;
    if (y >= pml_y0 && y < pml_y1) {
        w_sum += d2y;
    } else {
        const float dwdy = (0.5f * (wfc[i + nx] - wfc[i - nx])) * rdy;
        const float dpsi = (0.5f * (ay[y + 1] * psiy[i + nx] - ay[y - 1] * psiy[i - nx])) * rdy;
        const float tmpy = (1.0f + by[y]) * d2y + dbydy[y] * dwdy + dpsi;
        w_sum += (1.0f + by[y]) * tmpy + ay[y] * zetay[i];
        psiyn[i] = by[y] * dwdy + ay[y] * psiy[i];
        zetay[i] = by[y] * tmpy + ay[y] * zetay[i];
    }
    const float d2x = (-2.0f * wfc[i] + (wfc[i + 1] + wfc[i - 1])) * rdx2;
    if (x >= pml_x0 && x < pml_x1) {
        w_sum += d2x;
    } else {
        const float dwdx = (0.5f * (wfc[i + 1] - wfc[i - 1])) * rdx;
        const float dpsi = (0.5f * (ax[x + 1] * psix[i + 1] - ax[x - 1] * psix[i - 1])) * rdx;
        const float tmpx = (1.0f + bx[x]) * d2x + dbxdx[x] * dwdx + dpsi;
        w_sum += (1.0f + bx[x]) * tmpx + ax[x] * zetax[i];
        psixn[i] = bx[x] * dwdx + ax[x] * psix[i];
        zetax[i] = bx[x] * tmpx + ax[x] * zetax[i];
    }
    if (v_requires_grad) dwdv[i] = 2.0f * v_shot * dt2 * w_sum;
    wfp[i] = v_shot * v_shot * dt2 * w_sum + 2.0f * wfc[i] - wfp[i];
}
