// One iteration of SHOC's Stencil2D benchmark (the Scalable HeterOgeneous Computing suite's
// level-2 Stencil2D, src/cuda/level2/stencil2d/CUDAStencilKernel.cu: StencilKernel<float>, the
// 9-point weighted smoothing wCenter c + wCardinal (n + s + e + w) + wDiagonal (ne + se + nw +
// sw) of a matrix with a one-element halo), each thread computing a strip of nStripItems
// consecutive rows of one column through a shared-memory tile (blind check set 28: written
// after calibration, never fitted on; its sweeps go to fixtures/hopper/blind28/ once
// recorded). As SHOC's comment says, x is the row and y the column: gRow = gidRow lszRow +
// lidRow from blockIdx.x and threadIdx.x, gCol from blockIdx.y and threadIdx.y. The data are
// (rows + 2) x (gRowWidth + 2) floats with the halo row and column on every side, element
// (row, col) at ToFlatIdx(row, col, gRowWidth) = (row + 1) (gRowWidth + 2) + col + 1 (SHOC's
// rows padded to its alignment: gRowWidth + 2 = the padded pitch). Each thread copies the
// nStripItems + 2 elements of its column from the row above its strip to the row below into
// the tile, the block's first column of threads also the column to the left and its last
// the column to the right, then one barrier, then nStripItems outputs down the column.
// SHOC launches blocks of 1 x lCols (one strip a block in x, threadIdx.x always 0) over a
// matrix its sizes divide; here the block's bx threads in x take bx strips stacked down
// the tile (lidRow = threadIdx.x nStripItems, the tile (bx nStripItems + 2) x (by*bz + 2)
// floats in dynamic shared memory, neighbouring strips' copies overlapping by two rows with
// the same values), y*z is the column, SHOC's derivation of the row pitch from the grid
// becomes the gRowWidth argument, the right halo column is also copied by the thread of the
// matrix's last column (a partial block) and by a one-wide block's single column (SHOC's
// else-if skips it when lszCol = 1), and rows and columns past the matrix are neither copied
// nor stored. Per thread: nStripItems + 2 4 B loads down its column (a warp's lanes along x
// are nStripItems rows apart: each load its own sector; along y*z contiguous), a barrier,
// 9 nStripItems shared loads, nStripItems 4 B stores rows apart. float32, dyadic weights and
// integer data: exact. x -> strip of rows, y*z -> column.
#include "common.cuh"

__device__ __forceinline__ int ToFlatIdx(int row, int col, int rowWidth) {
    // assumes input coordinates and dimensions are logical (without halo)
    // and a halo width of 1
    return (row + 1) * (rowWidth + 2) + (col + 1);
}

extern "C" __global__ void shoc_stencil2d(const float* __restrict__ data,
                                          float* __restrict__ newData, int gRowWidth,
                                          int nStripItems, int rows, int cols, float wCenter,
                                          float wCardinal, float wDiagonal) {
    extern __shared__ float sh[];
    // determine our location in the coordinate system
    // (.x == row and .y == column)
    int gidRow = blockIdx.x;
    int gidCol = blockIdx.y;
    int lidRow = threadIdx.x * nStripItems;
    int lidCol = ga_row_in_block();
    int lszRow = blockDim.x * nStripItems;
    int lszCol = ga_block_rows();

    // determine our logical global data coordinates (without halo)
    int gRow = gidRow * lszRow + lidRow;
    int gCol = gidCol * lszCol + lidCol;
    // a column past the matrix copies nothing and stores nothing (but meets the barrier)
    const bool in_matrix = gCol < cols;

    // Copy my global data items to the shared local buffer, (lszRow + 2) x (lszCol + 2)
    // values: the block's rows and columns plus a halo of width 1.
    int lRowWidth = lszCol;
    if (in_matrix) {
        for (int i = 0; i < (nStripItems + 2); i++) {
            if (gRow - 1 + i <= rows) {
                int lidx = ToFlatIdx(lidRow - 1 + i, lidCol, lRowWidth);
                int gidx = ToFlatIdx(gRow - 1 + i, gCol, gRowWidth);
                sh[lidx] = data[gidx];
            }
        }

        // Copy the "left" and "right" halo columns into our local memory buffer.
        // Only the threads of the first and the last column are involved.
        if (lidCol == 0) {
            for (int i = 0; i < (nStripItems + 2); i++) {
                if (gRow - 1 + i <= rows) {
                    int lidx = ToFlatIdx(lidRow - 1 + i, lidCol - 1, lRowWidth);
                    int gidx = ToFlatIdx(gRow - 1 + i, gCol - 1, gRowWidth);
                    sh[lidx] = data[gidx];
                }
            }
        }
        if (lidCol == (lszCol - 1) || gCol == cols - 1) {
            for (int i = 0; i < (nStripItems + 2); i++) {
                if (gRow - 1 + i <= rows) {
                    int lidx = ToFlatIdx(lidRow - 1 + i, lidCol + 1, lRowWidth);
                    int gidx = ToFlatIdx(gRow - 1 + i, gCol + 1, gRowWidth);
                    sh[lidx] = data[gidx];
                }
            }
        }
    }

    // let all those loads finish
    __syncthreads();

    if (!in_matrix) {
        return;
    }

    // do my part of the smoothing operation
    for (int i = 0; i < nStripItems && gRow + i < rows; i++) {
        int cidx = ToFlatIdx(lidRow + i, lidCol, lRowWidth);
        int nidx = ToFlatIdx(lidRow - 1 + i, lidCol, lRowWidth);
        int sidx = ToFlatIdx(lidRow + 1 + i, lidCol, lRowWidth);
        int eidx = ToFlatIdx(lidRow + i, lidCol + 1, lRowWidth);
        int widx = ToFlatIdx(lidRow + i, lidCol - 1, lRowWidth);
        int neidx = ToFlatIdx(lidRow - 1 + i, lidCol + 1, lRowWidth);
        int seidx = ToFlatIdx(lidRow + 1 + i, lidCol + 1, lRowWidth);
        int nwidx = ToFlatIdx(lidRow - 1 + i, lidCol - 1, lRowWidth);
        int swidx = ToFlatIdx(lidRow + 1 + i, lidCol - 1, lRowWidth);

        float centerValue = sh[cidx];
        float cardinalValueSum = sh[nidx] + sh[sidx] + sh[eidx] + sh[widx];
        float diagonalValueSum = sh[neidx] + sh[seidx] + sh[nwidx] + sh[swidx];

        newData[ToFlatIdx(gRow + i, gCol, gRowWidth)] = wCenter * centerValue +
                                                        wCardinal * cardinalValueSum +
                                                        wDiagonal * diagonalValueSum;
    }
}
