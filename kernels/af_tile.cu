// Tiling (repeating) a batch of images, ArrayFire's tile kernel (src/backend/cuda/kernel/tile.cuh,
// launched by kernel/tile.hpp; af::tile(in, 2, 2)) (blind check set 37: written after
// calibration, never fitted on). As in ArrayFire: a fixed grid whatever the block, blocksPerMatX
// = divup(out.dims[0], TILEX = 512) blocks along a row and blocksPerMatY = divup(out.dims[1],
// TILEY = 32) down the columns, the images of the batch folded into blockIdx.x (oz = blockIdx.x
// / blocksPerMatX), the early return outside the output, and each thread looping over the
// output in strides of the grid's width and height (incx = blocksPerMatX * blockDim.x, incy =
// blocksPerMatY * blockDim.y: a 2-D grid-stride loop), out(ox, oy, oz) = in(ox % in.dims[0], oy %
// in.dims[1], oz % in.dims[2]). Departures: ArrayFire's 32 x 8 block becomes any bx x by*bz (z
// folded into the rows); the fourth dimension 1 (ow = 0, and no grid z: blocks.y stays under
// 65,535); the Param structs dense arrays with their dims and strides as arguments. Written from
// memory of ArrayFire's kernel. x -> output column, y*z -> output row, blockIdx.x /
// blocksPerMatX -> image; each thread copies the elements (bx blocksPerMatX) columns and
// (by*bz blocksPerMatY) rows apart.
#include "common.cuh"

extern "C" __global__ void af_tile(float* out, int odims0, int odims1, int odims2, int ostrides1,
                                   int ostrides2, const float* in, int idims0, int idims1,
                                   int idims2, int istrides1, int istrides2, int blocksPerMatX,
                                   int blocksPerMatY) {
    const int oz = blockIdx.x / blocksPerMatX;
    const int blockIdx_x = blockIdx.x - oz * blocksPerMatX;
    const int blockIdx_y = blockIdx.y;

    const int xx = threadIdx.x + blockIdx_x * blockDim.x;
    const int yy = ga_row_in_block() + blockIdx_y * ga_block_rows();

    if (xx >= odims0 || yy >= odims1 || oz >= odims2) return;

    const int iz = oz % idims2;
    const int izw = iz * istrides2;
    const int ozw = oz * ostrides2;

    const int incy = blocksPerMatY * ga_block_rows();
    const int incx = blocksPerMatX * blockDim.x;

    for (int oy = yy; oy < odims1; oy += incy) {
        const int iy = oy % idims1;
        for (int ox = xx; ox < odims0; ox += incx) {
            const int ix = ox % idims0;

            const int iMem = izw + iy * istrides1 + ix;
            const int oMem = ozw + oy * ostrides1 + ox;

            out[oMem] = in[iMem];
        }
    }
}
