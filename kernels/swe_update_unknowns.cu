// The cell update of a shallow-water solver's finite-volume step, the TUM SWE teaching code's
// kernelUpdateUnknowns (TUM-I5/SWE, src/blocks/cuda/SWE_BlockCUDA_kernels.cu, behind
// SWE_BlockCUDA::updateUnknowns: after the f-wave solver's net updates of every edge, each
// cell's water height and momenta updated from the four edges around it) (blind check set
// 53: written after calibration, never fitted on). As in SWE: the arrays in SWE's x-major
// layout, computeOneDPositionKernel(i, j, ny) = i ny + j (x the slow index, y contiguous),
// the cell arrays h, hu, hv with a ghost layer ((nx + 2) x (ny + 2)), the x-edges' net updates
// ((nx + 1) x ny) and the y-edges' (nx x (ny + 1)); the thread's cell (i, j) = (blockIdx.x
// blockDim.x + threadIdx.x, blockIdx.y blockDim.y + threadIdx.y), so that x walks the slow
// index; h -= updateWidthX (hNetUpdatesRight[left edge] + hNetUpdatesLeft[right edge]) +
// updateWidthY (hNetUpdatesAbove[lower edge] + hNetUpdatesBelow[upper edge]), hu from the
// x-edges and hv from the y-edges alike (updateWidth dt / dx and dt / dy); the host's
// TILE_SIZE x TILE_SIZE (16 x 16) threads on (nx / 16, ny / 16). Departures: the block the
// sweep's, any shape (x the cell's i, y*z its j, z folded in) on cdiv(nx, bx) x cdiv(ny,
// by*bz), cells past the domain skipped (SWE requires nx and ny multiples of TILE_SIZE).
// Written from memory. Exact: whole-number heights, momenta and net updates, update widths
// powers of two (the products and sums exact whatever nvcc contracts).
#include "common.cuh"

__device__ __forceinline__ int computeOneDPositionKernel(int i, int j, int ny) {
    return i * ny + j;
}

extern "C" __global__ void swe_update_unknowns(
    float i_updateWidthX, float i_updateWidthY, const float* i_hNetUpdatesLeftD,
    const float* i_hNetUpdatesRightD, const float* i_huNetUpdatesLeftD,
    const float* i_huNetUpdatesRightD, const float* i_hNetUpdatesBelowD,
    const float* i_hNetUpdatesAboveD, const float* i_hvNetUpdatesBelowD,
    const float* i_hvNetUpdatesAboveD, float* io_h, float* io_hu, float* io_hv, int i_nx,
    int i_ny) {
    const int l_i = blockIdx.x * blockDim.x + threadIdx.x;
    const int l_j = ga_row();
    if (l_i >= i_nx || l_j >= i_ny) return;
    // the cell, inside the ghost layer
    const int l_cellPosition = computeOneDPositionKernel(l_i + 1, l_j + 1, i_ny + 2);
    // its left and right edges (x-edges: nx + 1 of them along x, ny along y)
    const int l_leftEdge = computeOneDPositionKernel(l_i, l_j, i_ny);
    const int l_rightEdge = computeOneDPositionKernel(l_i + 1, l_j, i_ny);
    // its lower and upper edges (y-edges: nx along x, ny + 1 along y)
    const int l_lowerEdge = computeOneDPositionKernel(l_i, l_j, i_ny + 1);
    const int l_upperEdge = computeOneDPositionKernel(l_i, l_j + 1, i_ny + 1);

    io_h[l_cellPosition] -=
        i_updateWidthX * (i_hNetUpdatesRightD[l_leftEdge] + i_hNetUpdatesLeftD[l_rightEdge]) +
        i_updateWidthY * (i_hNetUpdatesAboveD[l_lowerEdge] + i_hNetUpdatesBelowD[l_upperEdge]);
    io_hu[l_cellPosition] -=
        i_updateWidthX * (i_huNetUpdatesRightD[l_leftEdge] + i_huNetUpdatesLeftD[l_rightEdge]);
    io_hv[l_cellPosition] -=
        i_updateWidthY * (i_hvNetUpdatesAboveD[l_lowerEdge] + i_hvNetUpdatesBelowD[l_upperEdge]);
}
