// Madagascar's cuda_step_forward (ahay/src, user/pyang/cuda_fwi_kernels.cu, included and
// launched by user/pyang/Mgpufwi.cu (sfgpufwi) once a time step for the source and the
// adjoint wavefields: one second-order time step of the 2-D constant-density acoustic wave
// equation with Clayton-Engquist absorbing boundaries at the bottom, left and right and a free
// top, the propagator of Madagascar's CUDA full-waveform inversion) (blind check set 107:
// written after calibration, never fitted on). As in Madagascar: i1 = threadIdx.x + blockIdx.x
// blockDim.x the depth sample (contiguous), i2 likewise from y the trace, id = i1 + i2 nz; the
// block stages p0 and p1 at its points in shared tiles with a one-point halo on each side (the
// halo loaded by the block's edge threads from the neighbouring block's points, or 0 at the
// grid's edges), a barrier; v1 = vv dtz, v2 = vv dtx; c1 = v1^2 (p1 below - 2 p1 + p1 above),
// c2 = v2^2 (p1 right - 2 p1 + p1 left); at the bottom (i1 = nz - 1) c1 = v1 (p1 above - p1 -
// p0 above + p0) and c2 halved inside the traces; at the left (i2 = 0) c1 halved inside the
// depths and c2 = v2 (-p1 + p1 right + p0 - p0 right); at the right (i2 = nx - 1) c1 halved
// likewise and c2 = v2 (p1 left - p1 - p0 left + p0); the new wavefield 2 p1 - p0 + c1 + c2
// inside the model; the host's 16 x 16 threads on nz / 16 x nx / 16 blocks (the model padded to
// multiples of 16 by edge replication). Departures: the block any shape (x -> depth, y*z ->
// trace with z folded in; the tiles one dynamic allocation sized from the block); loads
// outside the model skipped (their tile cells 0; the source's padded model has none); the new
// wavefield written to its own buffer p2 (the source writes it over p0, whose halo another
// block may read for its boundary terms after it is overwritten: a race); p0's halo along the
// traces read from p0 (the source reads p1 there, which makes the boundary terms depend on
// where the block edges fall); the 2.0 and 0.5 literals' double arithmetic kept. Reimplemented
// from the published source (its indexing, arithmetic and control flow; none of its text).
// Exact: whole-number wavefields and velocities with dyadic dt/dz and dt/dx keep every product
// and sum a dyadic number far below 2^24. 2-D, shared memory, x the contiguous depth: per
// thread a 4 B load of p0, p1 and vv (a warp's 128 B contiguous each), halo loads by the
// block's edge threads (the trace-edge rows nz * 4 B apart), a barrier, then five shared reads
// and a 4 B store (128 B a warp).
#include "common.cuh"

extern "C" __global__ void rsf_fwi_step_forward(const float* p0, const float* p1,
                                                const float* vv, float* p2, float dtz,
                                                float dtx, int nz, int nx) {
    extern __shared__ float rsf_tiles[];  // s_p0 then s_p1, each (bx + 2) x (by*bz + 2)
    const int bx = blockDim.x;
    const int rows = ga_block_rows();
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();
    const int i1 = ga_col();
    const int i2 = ga_row();
    const long long id = i1 + (long long)i2 * nz;
    const int pitch = bx + 2;  // a tile row is one trace's depths
    float* s_p0 = rsf_tiles;
    float* s_p1 = rsf_tiles + pitch * (rows + 2);
    const int c = (ty + 1) * pitch + tx + 1;  // this point in the tiles
    const bool inside = i1 < nz && i2 < nx;
    s_p0[c] = inside ? p0[id] : 0.0f;
    s_p1[c] = inside ? p1[id] : 0.0f;
    if (inside) {
        if (tx == 0) {
            const bool has = blockIdx.x > 0;
            s_p0[c - 1] = has ? p0[id - 1] : 0.0f;
            s_p1[c - 1] = has ? p1[id - 1] : 0.0f;
        }
        if (tx == bx - 1) {
            const bool has = blockIdx.x < gridDim.x - 1;
            s_p0[c + 1] = has ? p0[id + 1] : 0.0f;
            s_p1[c + 1] = has ? p1[id + 1] : 0.0f;
        }
        if (ty == 0) {
            const bool has = blockIdx.y > 0;
            s_p0[c - pitch] = has ? p0[id - nz] : 0.0f;
            s_p1[c - pitch] = has ? p1[id - nz] : 0.0f;
        }
        if (ty == rows - 1) {
            const bool has = blockIdx.y < gridDim.y - 1;
            s_p0[c + pitch] = has ? p0[id + nz] : 0.0f;
            s_p1[c + pitch] = has ? p1[id + nz] : 0.0f;
        }
    }
    __syncthreads();
    if (!inside) return;
    const float v1 = vv[id] * dtz;
    const float v2 = vv[id] * dtx;
    float c1 = v1 * v1 * (s_p1[c + 1] - 2.0 * s_p1[c] + s_p1[c - 1]);
    float c2 = v2 * v2 * (s_p1[c + pitch] - 2.0 * s_p1[c] + s_p1[c - pitch]);
    if (i1 == nz - 1) {  // bottom
        c1 = v1 * (s_p1[c - 1] - s_p1[c] - s_p0[c - 1] + s_p0[c]);
        if (i2 > 0 && i2 < nx - 1) c2 = 0.5 * c2;
    }
    if (i2 == 0) {  // left
        if (i1 > 0 && i1 < nz - 1) c1 = 0.5 * c1;
        c2 = v2 * (-s_p1[c] + s_p1[c + pitch] + s_p0[c] - s_p0[c + pitch]);
    }
    if (i2 == nx - 1) {  // right
        if (i1 > 0 && i1 < nz - 1) c1 = 0.5 * c1;
        c2 = v2 * (s_p1[c - pitch] - s_p1[c] - s_p0[c - pitch] + s_p0[c]);
    }
    p2[id] = 2 * s_p1[c] - s_p0[c] + c1 + c2;
}
