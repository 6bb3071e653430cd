// One Jacobi iteration of Horn and Schunck's optical flow solver, the CUDA Samples'
// HSOpticalFlow JacobiIteration (solverKernel.cuh), the flow increments (du, dv) staged with a
// one-pixel halo in shared memory tiles sized from the block, one barrier, then the
// four-neighbour averages and the data term per pixel (blind check set 26: written after
// calibration, never fitted on; its sweeps go to fixtures/hopper/blind26/ once recorded).
// du0, dv0, Ix, Iy, Iz, du1 and dv1 are h x w float32 images, rows s elements apart. With
// sumU = (du[left] + du[right] + du[up] + du[down]) / 4 (sumV likewise), the out-of-image
// neighbours clamped to the edge (the sample's note: equivalent to mirroring one step away),
// frac = (Ix sumU + Iy sumV + Iz) / (Ix^2 + Iy^2 + alpha), du1 = sumU - Ix frac, dv1 = sumV -
// Iy frac. The sample's tiles are (bx + 2) x (by + 2) floats for its template block (32 x 6);
// here they are (bx + 2) x (by*bz + 2) floats each in dynamic shared memory. As in the sample,
// every thread loads its own clamped pixel (threads past the image load the edge pixel), the
// threads of row 0 load the rows above and below the tile; the side columns, which the sample
// loads from thread row 1 (needing bx >= by >= 2), are loaded here by the block's threads in
// turn for any block shape. Per thread: two 4 B loads into the tile (contiguous along a row),
// halo loads by some threads (the side columns' a word per row, 4 * s B apart), a barrier,
// eight shared loads, three 4 B loads of the derivatives, a division, two contiguous 4 B
// stores. float32 (the manifest's tolerance: the reference computes in float64). x -> column,
// y*z -> row.
#include "common.cuh"

extern "C" __global__ void hs_jacobi(const float* __restrict__ du0, const float* __restrict__ dv0,
                                     const float* __restrict__ Ix, const float* __restrict__ Iy,
                                     const float* __restrict__ Iz, float* __restrict__ du1,
                                     float* __restrict__ dv1, int w, int h, int s, float alpha) {
    extern __shared__ float hs_tile[];
    const int bx = blockDim.x;
    const int by = ga_block_rows();
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();
    const int pitch = bx + 2;
    float* du = hs_tile;
    float* dv = hs_tile + pitch * (by + 2);
    const int ix = tx + blockIdx.x * bx;
    const int iy = ty + blockIdx.y * by;
    // position within global memory array
    const long long pos = min(ix, w - 1) + (long long)min(iy, h - 1) * s;
    // position within shared memory array
    const int shMemPos = tx + 1 + (ty + 1) * pitch;
    // load tile being processed
    du[shMemPos] = du0[pos];
    dv[shMemPos] = dv0[pos];
    // beginning of the tile
    const int bsx = blockIdx.x * bx;
    const int bsy = blockIdx.y * by;
    if (ty == 0) {
        const int x = min(bsx + tx, w - 1);
        // row just below the tile
        int y = max(bsy - 1, 0);
        long long gmPos = (long long)y * s + x;
        int smPos = tx + 1;
        du[smPos] = du0[gmPos];
        dv[smPos] = dv0[gmPos];
        // row above the tile
        y = min(bsy + by, h - 1);
        smPos += (by + 1) * pitch;
        gmPos = (long long)y * s + x;
        du[smPos] = du0[gmPos];
        dv[smPos] = dv0[gmPos];
    }
    // the columns to the left and right of the tile
    for (int r = (int)ga_tid(); r < by; r += (int)ga_nthreads()) {
        const int y = min(bsy + r, h - 1);
        int x = max(bsx - 1, 0);
        int smPos = (r + 1) * pitch;
        long long gmPos = x + (long long)y * s;
        du[smPos] = du0[gmPos];
        dv[smPos] = dv0[gmPos];
        x = min(bsx + bx, w - 1);
        gmPos = x + (long long)y * s;
        smPos += bx + 1;
        du[smPos] = du0[gmPos];
        dv[smPos] = dv0[gmPos];
    }
    __syncthreads();
    if (ix >= w || iy >= h) {
        return;
    }
    const int left = shMemPos - 1;
    const int right = shMemPos + 1;
    const int up = shMemPos + pitch;
    const int down = shMemPos - pitch;
    const float sumU = (du[left] + du[right] + du[up] + du[down]) * 0.25f;
    const float sumV = (dv[left] + dv[right] + dv[up] + dv[down]) * 0.25f;
    const float frac = (Ix[pos] * sumU + Iy[pos] * sumV + Iz[pos]) /
                       (Ix[pos] * Ix[pos] + Iy[pos] * Iy[pos] + alpha);
    du1[pos] = sumU - Ix[pos] * frac;
    dv1[pos] = sumV - Iy[pos] * frac;
}
