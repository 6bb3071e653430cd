// OpenBR's cudalbp_kernel (biometrics/openbr, openbr/plugins/cuda/cudalbp.cu, launched by
// cudalbp_wrapper in the same file with dim3(8, 8) blocks on (cols / 8 + 1) x (rows / 8 + 1)
// blocks, behind the CUDALBP transform of openbr/plugins/cuda/cudalbp.cpp: a face-recognition
// toolkit's local binary patterns (Ahonen et al.), each pixel's 3 x 3 neighbourhood compared
// with its centre into an 8-bit code, mapped through a 256-entry table of pattern labels)
// (blind check set 121: written after calibration, never fitted on). As in OpenBR: rowInd =
// blockIdx.y blockDim.y + threadIdx.y, colInd = blockIdx.x blockDim.x + threadIdx.x, only
// rowInd < rows and colInd < cols; radius 1; the code ORs 128, 64, 32, 16, 8, 4, 2, 1 for the
// neighbours (-1, -1), (-1, 0), (-1, +1), (0, +1), (+1, +1), (+1, 0), (+1, -1), (0, -1)
// (row, col) that are >= the centre, a neighbour past the last row or column reading 0; the
// output byte lut[code]. Departures: the block any shape (x the column; y*z the row, z folded
// in); the grid rounded up (the host's cols / 8 + 1 adds an idle block column when 8 divides
// cols); a neighbour before the first row or column reads 0 as well (the source reads before
// the image there); the images dense (the source's pitched GpuMats) and passed as 32-bit
// words, the table as 64 words (all still read and written a byte at a time); 64-bit offsets.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: byte compares, ORs and a table lookup. 2-D, no shared memory: per thread
// nine 1 B loads (three rows of a warp's 34 B), one 1 B table load (a 256 B table, cached),
// one 1 B store (a warp's 32 B contiguous).
#include "common.cuh"

__device__ __forceinline__ unsigned int obr_pixel(const unsigned char* src, int row, int col,
                                                  int rows, int cols) {
    if (row < 0 || col < 0 || row >= rows || col >= cols) return 0u;
    return src[(long long)row * cols + col];
}

extern "C" __global__ void openbr_cuda_lbp(const unsigned int* src_words,
                                           unsigned int* dst_words, int rows, int cols,
                                           const unsigned int* lut_words) {
    const int row = ga_row();
    const int col = ga_col();
    if (row >= rows || col >= cols) return;
    const unsigned char* src = reinterpret_cast<const unsigned char*>(src_words);
    const unsigned char* lut = reinterpret_cast<const unsigned char*>(lut_words);
    const unsigned int c = obr_pixel(src, row, col, rows, cols);
    const unsigned int code = (obr_pixel(src, row - 1, col - 1, rows, cols) >= c ? 128u : 0u) |
                              (obr_pixel(src, row - 1, col, rows, cols) >= c ? 64u : 0u) |
                              (obr_pixel(src, row - 1, col + 1, rows, cols) >= c ? 32u : 0u) |
                              (obr_pixel(src, row, col + 1, rows, cols) >= c ? 16u : 0u) |
                              (obr_pixel(src, row + 1, col + 1, rows, cols) >= c ? 8u : 0u) |
                              (obr_pixel(src, row + 1, col, rows, cols) >= c ? 4u : 0u) |
                              (obr_pixel(src, row + 1, col - 1, rows, cols) >= c ? 2u : 0u) |
                              (obr_pixel(src, row, col - 1, rows, cols) >= c ? 1u : 0u);
    reinterpret_cast<unsigned char*>(dst_words)[(long long)row * cols + col] = lut[code];
}
