// GPU-LBMsim's stream_gpu (jakobtorben/GPU-LBMsim, src/core_gpu.cu, launched by main in
// src/main_gpu.cu with num_threads = 32: a D2Q9 lattice-Boltzmann channel-flow solver's
// streaming step, every node pushing its nine populations to its neighbours in the
// structure-of-arrays distribution, nothing pushed past the domain's edges) (blind check set
// 113: written after calibration, never fitted on). As in GPU-LBMsim: y = blockIdx.y, x =
// blockIdx.x blockDim.x + threadIdx.x; the neighbours xn = x - 1, xp = x + 1, yn = y - 1,
// yp = y + 1 only inside the domain; the population a of node (x, y) at (Ny a + y) Nx + x
// copied from f to ftemp at the node one step along direction a (0 rest, 1 east, 2 north,
// 3 west, 4 south, 5 north-east, 6 north-west, 7 south-west, 8 south-east), the directions
// whose target lies outside left unwritten; the host's dim3(32, 1, 1) threads on
// dim3(Nx / 32, Ny, 1) blocks (Nx a multiple of 32). Departures: the block any shape (x the
// column; y*z the row, z folded in: at the host's 32 x 1 its blockIdx.y), a bound on the
// node (the source's grid an exact cover), the unused solid_node argument left out, 64-bit
// offsets. Reimplemented from the published source (its indexing, arithmetic and control
// flow; none of its text). Exact: copies. 2-D, no shared memory: per thread nine 4 B loads
// (a warp's 128 B contiguous each, the planes NX NY 4 B apart) and up to nine 4 B stores (a
// warp's 128 B each, shifted one node along x and/or one row along y).
#include "common.cuh"

extern "C" __global__ void lbmsim_stream_push(int nx, int ny, float* ftemp, const float* f) {
    const int x = ga_col();
    const int y = ga_row();
    if (x >= nx || y >= ny) return;
    const long long plane = (long long)nx * ny;
    const long long node = (long long)y * nx + x;
    const bool west = x > 0, east = x < nx - 1, south = y > 0, north = y < ny - 1;
    ftemp[node] = f[node];
    if (east) ftemp[plane + node + 1] = f[plane + node];
    if (north) ftemp[2 * plane + node + nx] = f[2 * plane + node];
    if (west) ftemp[3 * plane + node - 1] = f[3 * plane + node];
    if (south) ftemp[4 * plane + node - nx] = f[4 * plane + node];
    if (east && north) ftemp[5 * plane + node + nx + 1] = f[5 * plane + node];
    if (west && north) ftemp[6 * plane + node + nx - 1] = f[6 * plane + node];
    if (west && south) ftemp[7 * plane + node - nx - 1] = f[7 * plane + node];
    if (east && south) ftemp[8 * plane + node - nx + 1] = f[8 * plane + node];
}
