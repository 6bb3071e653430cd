// Morphological gradient (dilation minus erosion) of a 16-bit greyscale image with a 5 x 5
// disc structuring element (the 21 offsets with dx^2 + dy^2 <= 5: the square without its
// corners), the edge and boundary map of mathematical morphology as microscopy, document and
// inspection pipelines compute it (OpenCV's morphologyEx MORPH_GRADIENT, NPP's dilate and
// erode) (blind check set 14: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind14/ once recorded). Pixels outside the image are left out of the
// maximum and the minimum; clamping the coordinates to the border gives the same result for
// this element (a clamped offset stays inside the disc). The samples are held in int32. The
// block's output tile is bx columns by by' = blockDim.y * blockDim.z rows; the block first
// copies the (bx + 4) x (by' + 4) input tile around it (a two-pixel halo, clamped
// coordinates) into shared memory, each thread striding over the tile's rows by by' and its
// columns by bx (so a row of threads loads contiguous pixels of a tile row), waits at the
// barrier, then each thread takes the maximum and the minimum of its 21 neighbours from
// shared memory and stores their difference (one contiguous 4 B store). Integer arithmetic:
// exact. Dynamic shared memory: 4 * (bx + 4) * (by' + 4) bytes. Every thread reaches the
// barrier. x -> column, y*z -> row.
#include "common.cuh"

#define MG_R 2  // the disc's radius: the tile's halo

extern "C" __global__ void morph_gradient(const int* __restrict__ img, int* __restrict__ out,
                                          int rows, int cols) {
    extern __shared__ int mg_tile[];
    const int bx = blockDim.x;
    const int by = ga_block_rows();
    const int pitch = bx + 2 * MG_R;
    const int height = by + 2 * MG_R;
    const int row0 = blockIdx.y * by - MG_R;  // image row of the tile's first (halo) row
    const int col0 = blockIdx.x * bx - MG_R;  // image column of its first column
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();
    for (int yy = ty; yy < height; yy += by) {
        const int rr = min(max(row0 + yy, 0), rows - 1);
        for (int xx = tx; xx < pitch; xx += bx) {
            const int cc = min(max(col0 + xx, 0), cols - 1);
            mg_tile[yy * pitch + xx] = img[(long long)rr * cols + cc];
        }
    }
    __syncthreads();
    const int r = row0 + MG_R + ty;
    const int c = col0 + MG_R + tx;
    if (r >= rows || c >= cols) {
        return;
    }
    const int* centre = mg_tile + (ty + MG_R) * pitch + tx + MG_R;
    int hi = centre[0];
    int lo = centre[0];
#pragma unroll
    for (int dy = -MG_R; dy <= MG_R; ++dy) {
#pragma unroll
        for (int dx = -MG_R; dx <= MG_R; ++dx) {
            if (dx * dx + dy * dy <= MG_R * MG_R + 1) {
                const int v = centre[dy * pitch + dx];
                hi = max(hi, v);
                lo = min(lo, v);
            }
        }
    }
    out[(long long)r * cols + c] = hi - lo;
}
