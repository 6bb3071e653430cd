// One Jacobi step of the 7-point 3-D Laplacian stencil, Parboil's stencil benchmark
// (benchmarks/stencil/src/cuda/kernel.cu: block2D_hybrid_coarsen_x, the IMPACT group's
// register-and-shared-memory scheme), each thread owning two columns (i and i + blockDim.x)
// of a block of 2 bx x by*bz columns and walking them up through the nz planes (blind check
// set 29: written after calibration, never fitted on; its sweeps go to fixtures/hopper/blind29/
// once recorded). The grid A0 is nx x ny x nz floats, x fastest (Index3D = (k ny + j) nx + i);
// inside its one-cell boundary Anext = (left + right + down + up + top + bottom) c1 - centre
// c0. Per plane k each thread keeps the cells below (bottom) and above (top) its columns in
// registers and the plane itself in Parboil's shared tile sh_A0 of 2 bx x by*bz floats
// (dynamic shared memory sized from the block, as Parboil launches it); the cells left of the
// tile's first column, right of its last and above and below its first and last rows come
// from global memory, the others from the tile. Two barriers a plane while the tile is
// rotated (bottom = the tile, the tile = top). Parboil's code works for any block as is
// (bounds tests on i, i2 and j); the only change: threadIdx.y and blockDim.y become the row
// in the block and the block's rows with z folded in. Anext keeps its contents on the
// boundary. float32; dyadic c0 = 6 c1 (Parboil's 1/6 and 1/36 made 3/8 and 1/16) and integer
// data keep it exact. x -> column pair, y*z -> row.
#include "common.cuh"

#define Index3D(_nx, _ny, _i, _j, _k) ((_i) + (_nx) * ((_j) + (_ny) * (_k)))

extern "C" __global__ void parboil_stencil(float c0, float c1, const float* __restrict__ A0,
                                           float* __restrict__ Anext, int nx, int ny, int nz) {
    const int bdy = ga_block_rows();  // Parboil's blockDim.y
    const int tdy = ga_row_in_block();  // Parboil's threadIdx.y

    // thread coarsening along x direction
    const int i = blockIdx.x * blockDim.x * 2 + threadIdx.x;
    const int i2 = blockIdx.x * blockDim.x * 2 + threadIdx.x + blockDim.x;
    const int j = blockIdx.y * bdy + tdy;
    const int sh_id = threadIdx.x + tdy * blockDim.x * 2;
    const int sh_id2 = threadIdx.x + blockDim.x + tdy * blockDim.x * 2;

    // shared memeory
    extern __shared__ float sh_A0[];
    sh_A0[sh_id] = 0.0f;
    sh_A0[sh_id2] = 0.0f;
    __syncthreads();

    // get available region for load and store
    const bool w_region = i > 0 && j > 0 && (i < nx - 1) && (j < ny - 1);
    const bool w_region2 = j > 0 && (i2 < nx - 1) && (j < ny - 1);
    const bool x_l_bound = (threadIdx.x == 0);
    const bool x_h_bound = ((threadIdx.x + blockDim.x) == (blockDim.x * 2 - 1));
    const bool y_l_bound = (tdy == 0);
    const bool y_h_bound = (tdy == (bdy - 1));

    // register for bottom and top planes
    // because of thread coarsening, we need to doulbe registers
    float bottom = 0.0f, bottom2 = 0.0f, top = 0.0f, top2 = 0.0f;

    // load data for bottom and current
    if ((i < nx) && (j < ny)) {
        bottom = A0[Index3D(nx, ny, i, j, 0)];
        sh_A0[sh_id] = A0[Index3D(nx, ny, i, j, 1)];
    }
    if ((i2 < nx) && (j < ny)) {
        bottom2 = A0[Index3D(nx, ny, i2, j, 0)];
        sh_A0[sh_id2] = A0[Index3D(nx, ny, i2, j, 1)];
    }

    __syncthreads();

    for (int k = 1; k < nz - 1; k++) {
        float a_left_right, a_top, a_down;

        // load required data on xy planes
        // if it on shared memory, load from shared memory
        // if not, load from global memory
        if ((i < nx) && (j < ny)) top = A0[Index3D(nx, ny, i, j, k + 1)];

        if (w_region) {
            a_left_right = x_l_bound ? A0[Index3D(nx, ny, i - 1, j, k)] : sh_A0[sh_id - 1];
            a_down = y_l_bound ? A0[Index3D(nx, ny, i, j - 1, k)] : sh_A0[sh_id - 2 * blockDim.x];
            a_top = y_h_bound ? A0[Index3D(nx, ny, i, j + 1, k)] : sh_A0[sh_id + 2 * blockDim.x];

            Anext[Index3D(nx, ny, i, j, k)] =
                (a_left_right + sh_A0[sh_id + 1] + a_top + a_down + top + bottom) * c1 -
                sh_A0[sh_id] * c0;
        }

        // load another block
        if ((i2 < nx) && (j < ny)) top2 = A0[Index3D(nx, ny, i2, j, k + 1)];

        if (w_region2) {
            a_left_right = x_h_bound ? A0[Index3D(nx, ny, i2 + 1, j, k)] : sh_A0[sh_id2 + 1];
            a_down = y_l_bound ? A0[Index3D(nx, ny, i2, j - 1, k)] : sh_A0[sh_id2 - 2 * blockDim.x];
            a_top = y_h_bound ? A0[Index3D(nx, ny, i2, j + 1, k)] : sh_A0[sh_id2 + 2 * blockDim.x];

            Anext[Index3D(nx, ny, i2, j, k)] =
                (a_left_right + sh_A0[sh_id2 - 1] + a_top + a_down + top2 + bottom2) * c1 -
                sh_A0[sh_id2] * c0;
        }

        // swap data
        __syncthreads();
        bottom = sh_A0[sh_id];
        sh_A0[sh_id] = top;
        bottom2 = sh_A0[sh_id2];
        sh_A0[sh_id2] = top2;
        __syncthreads();
    }
}
