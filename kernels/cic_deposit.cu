// Cloud-in-cell mass assignment of a particle-mesh gravity solver (the density step of the
// PM part of cosmological N-body codes, Hockney and Eastwood's CIC as Gadget's PM and
// FastPM paint particles onto the mesh before the FFT; the charge deposit of a
// particle-in-cell plasma code is the same loop), one thread per particle with eight float
// atomicAdd (blind check set 19: written after calibration, never fitted on; its sweeps go
// to fixtures/hopper/blind19/ once recorded). Particles in no particular order, positions
// in a structure of arrays (x, y, z float32, in box units of [0, ng / inv_h)); the periodic
// ng^3 float32 mesh is z-major (index (z ng + y) ng + x). Per particle: the mesh coordinate
// g = pos inv_h, the cell i = floor(g) and f = g - i on each axis, then mass (1 - f or f) x
// (1 - f or f) x (1 - f or f) added to the eight cells i .. i + 1 (i + 1 wrapping to 0 at
// the box edge). Per thread: three contiguous 4 B loads and eight atomics at data-dependent
// addresses of a mesh larger than L2 (two neighbouring x cells share a line; the four
// (y, z) pairs are rows and planes apart). Positions on a 1/16-cell lattice keep every
// weight and sum exact whatever the atomics' order. Repeated timing launches keep adding;
// the check runs once from a zeroed mesh. No shared memory. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void cic_deposit(const float* __restrict__ px, const float* __restrict__ py,
                                       const float* __restrict__ pz, float* __restrict__ mesh,
                                       long long n, int ng, float inv_h, float mass) {
    const long long p = ga_linear();
    if (p >= n) {
        return;
    }
    const float gx = px[p] * inv_h, gy = py[p] * inv_h, gz = pz[p] * inv_h;
    int ix = (int)floorf(gx), iy = (int)floorf(gy), iz = (int)floorf(gz);
    const float fx = gx - (float)ix, fy = gy - (float)iy, fz = gz - (float)iz;
    ix = ix >= ng ? ix - ng : ix;  // a coordinate of exactly the box size is 0 again
    iy = iy >= ng ? iy - ng : iy;
    iz = iz >= ng ? iz - ng : iz;
    const int jx = ix + 1 == ng ? 0 : ix + 1;
    const int jy = iy + 1 == ng ? 0 : iy + 1;
    const int jz = iz + 1 == ng ? 0 : iz + 1;
    const float wx0 = 1.0f - fx, wy0 = 1.0f - fy, wz0 = 1.0f - fz;
    const long long plane = (long long)ng * ng;
    const long long z0 = iz * plane, z1 = jz * plane;
    const long long y0 = (long long)iy * ng, y1 = (long long)jy * ng;
    atomicAdd(&mesh[z0 + y0 + ix], mass * wz0 * wy0 * wx0);
    atomicAdd(&mesh[z0 + y0 + jx], mass * wz0 * wy0 * fx);
    atomicAdd(&mesh[z0 + y1 + ix], mass * wz0 * fy * wx0);
    atomicAdd(&mesh[z0 + y1 + jx], mass * wz0 * fy * fx);
    atomicAdd(&mesh[z1 + y0 + ix], mass * fz * wy0 * wx0);
    atomicAdd(&mesh[z1 + y0 + jx], mass * fz * wy0 * fx);
    atomicAdd(&mesh[z1 + y1 + ix], mass * fz * fy * wx0);
    atomicAdd(&mesh[z1 + y1 + jx], mass * fz * fy * fx);
}
