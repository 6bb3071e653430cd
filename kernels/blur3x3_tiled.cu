// 3 x 3 binomial blur (weights [1 2 1] x [1 2 1] / 16, clamped borders) through a
// shared-memory tile with a one-pixel halo (blind check set 6: kept out of every fit; its
// sweeps go to fixtures/hopper/blind6/ once recorded). The block's output tile is bx columns
// by by' = blockDim.y * blockDim.z rows; the block first copies the (bx + 2) x (by' + 2)
// input tile around it into shared memory (threads stride over the tile in linear order, so
// consecutive threads load consecutive pixels of a tile row), waits at the barrier, then
// each thread reads its nine neighbours from shared memory. The weights are powers of two,
// exact for integer inputs. Dynamic shared memory: 4 * (bx + 2) * (by' + 2) bytes. Every
// thread reaches the barrier. x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void blur3x3_tiled(const float* __restrict__ in, float* __restrict__ out,
                                         int rows, int cols) {
    extern __shared__ float tile[];
    const int bx = blockDim.x;
    const int by = ga_block_rows();
    const int pitch = bx + 2;
    const int row0 = blockIdx.y * by - 1;  // image row of the tile's first (halo) row
    const int col0 = blockIdx.x * bx - 1;  // image column of the tile's first (halo) column
    const int count = pitch * (by + 2);
    for (int t = (int)ga_tid(); t < count; t += (int)ga_nthreads()) {
        const int rr = min(max(row0 + t / pitch, 0), rows - 1);
        const int cc = min(max(col0 + t % pitch, 0), cols - 1);
        tile[t] = in[(size_t)rr * cols + cc];
    }
    __syncthreads();
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();
    const int r = row0 + 1 + ty;
    const int c = col0 + 1 + tx;
    if (r < rows && c < cols) {
        const float* up = tile + ty * pitch + tx;  // the neighbourhood's top-left corner
        const float* mid = up + pitch;
        const float* down = mid + pitch;
        const float top = up[0] + 2.0f * up[1] + up[2];
        const float centre = mid[0] + 2.0f * mid[1] + mid[2];
        const float bottom = down[0] + 2.0f * down[1] + down[2];
        out[(size_t)r * cols + c] = 0.0625f * (top + 2.0f * centre + bottom);
    }
}
