// The x-y-z to y-z-x transpose of NAMD's PME grid, transpose_xyz_yzx_kernel (NAMD,
// src/CudaPmeSolverUtilKernel.cu, behind CudaPmeTranspose::transposeXYZtoYZX: between the x
// and y FFTs of the reciprocal-space grid, on every PME step of a NAMD simulation) (blind
// check set 55: written after calibration, never fitted on). As in NAMD: a TILEDIM x TILEDIM
// (32 x 32) tile of (x, y) of one z plane a block (x0 = blockIdx.x TILEDIM, y0 = blockIdx.y
// TILEDIM, z = blockIdx.z), read from data_in[x + (y + z ysize_in) xsize_in] into a shared
// tile[TILEDIM][TILEDIM + 1] (the padding column against bank conflicts), a barrier, then
// written transposed to data_out[y + (z + x zsize_out) ysize_out] (x_out = x0 + the thread's
// row, y_out = y0 + its column), every access guarded by x < nx, y < ny, z < nz; the host's
// TILEDIM x TILEROWS (32 x 8) blocks, each thread walking the tile's rows TILEROWS apart, on
// cdiv(nx, 32) x cdiv(ny, 32) x nz blocks. Departures: the block the sweep's, any shape (its
// threads walk the tile's columns blockDim.x apart and its rows y*z apart, z folded in; the
// grid the tiles', whatever the shape); the tile one dynamic allocation; the complex float2
// moved as its 8 B word (a long long). Written from memory. Exact: a copy. 2-D: x the tile's
// column, y*z its row, one z plane of the grid a layer.
#include "common.cuh"

#define TILEDIM 32

typedef long long cplx_word;

extern "C" __global__ void namd_transpose_xyz_yzx(const int nx, const int ny, const int nz,
                                                  const int xsize_in, const int ysize_in,
                                                  const int ysize_out, const int zsize_out,
                                                  const cplx_word* data_in,
                                                  cplx_word* data_out) {
    extern __shared__ cplx_word namd_tile[];  // [TILEDIM][TILEDIM + 1]
    const int x0 = blockIdx.x * TILEDIM;
    const int y0 = blockIdx.y * TILEDIM;
    const int z_in = blockIdx.z;
    const int rows = ga_block_rows();
    const int ty = ga_row_in_block();

    // Read (x,y) data_in into tile (shared memory)
    for (int j = ty; j < TILEDIM; j += rows) {
        for (int i = threadIdx.x; i < TILEDIM; i += blockDim.x) {
            const int x_in = x0 + i;
            const int y_in = y0 + j;
            if ((x_in < nx) && (y_in < ny) && (z_in < nz))
                namd_tile[j * (TILEDIM + 1) + i] =
                    data_in[x_in + (y_in + z_in * ysize_in) * xsize_in];
        }
    }

    __syncthreads();

    // Write (y,x) tile into data_out
    const int z_out = z_in;
    for (int j = ty; j < TILEDIM; j += rows) {
        for (int i = threadIdx.x; i < TILEDIM; i += blockDim.x) {
            const int x_out = x0 + j;
            const int y_out = y0 + i;
            if ((x_out < nx) && (y_out < ny) && (z_out < nz))
                data_out[y_out + (z_out + x_out * zsize_out) * ysize_out] =
                    namd_tile[i * (TILEDIM + 1) + j];
        }
    }
}
