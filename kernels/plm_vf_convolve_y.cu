// Plastimatch's vf_convolve_y_kernel (simonoxen/plastimatch,
// src/plastimatch/register/cuda/demons_cuda.cu, launched by demons_cuda in the same file: the
// second of the three separable passes that smooth the demons displacement estimate (an
// interleaved 3-vector a voxel) with a Gaussian along y in every iteration of Plastimatch's
// GPU demons deformable registration) (blind check set 94: written after calibration, never
// fitted on). As in Plastimatch: the grid's y holding both the row blocks and the slices
// (blockIdx.y split into a slice and a block of rows by the count of row blocks), voxel (x, y,
// z), nothing outside the volume; the window's rows y - half_width .. y + half_width clamped
// to the volume, and for each component d of the vector out[v][d] = the sum over the window's
// rows of ker[tap] * in[row][x][d], taps in order; the host's BLOCK_SIZE = 256 x 1 x 1
// threads on cdiv(dim0, 256) x (dim1 dim2) blocks. Departures: the block the sweep's, any
// shape (x the voxel's column, y*z its row inside the slice with z folded in, so a block
// covers by*bz rows and the grid's y cdiv(ny, by*bz) row blocks a slice); the slice and row
// block from an integer division (the source multiplies by a float reciprocal and rounds
// down); the texture fetches as plain loads from vf_in; 64-bit offsets. Reimplemented from
// the published source (its indexing, arithmetic and control flow; none of its text). Exact:
// whole-number vectors and kernel weights. 2-D, no shared memory: each thread a loop over up
// to 2 half_width + 1 rows, three 4 B loads a row (a warp's lanes 12 B apart: 384 B
// contiguous) and one 4 B kernel broadcast, then three 4 B stores (a warp's lanes 12 B apart).
#include "common.cuh"

extern "C" __global__ void plm_vf_convolve_y(const float* vf_in, const float* ker, float* vf_out,
                                             int nx, int ny, int nz, int half_width) {
    const int rows = ga_block_rows();
    const int yblocks = (ny + rows - 1) / rows;
    const int slice = blockIdx.y / yblocks;
    const int yblock = blockIdx.y - slice * yblocks;
    const int x = ga_col();
    const int y = yblock * rows + ga_row_in_block();
    const int z = slice;
    if (x >= nx || y >= ny || z >= nz) return;
    const long long line = 3LL * nx;
    const long long base = 3LL * (((long long)z * ny + y) * nx + x);
    const int lo = y - half_width < 0 ? 0 : y - half_width;
    const int hi = y + half_width >= ny ? ny - 1 : y + half_width;
    for (int d = 0; d < 3; d++) {
        float acc = 0.0f;
        int tap = lo - y + half_width;
        for (int r = lo; r <= hi; r++, tap++) {
            acc += ker[tap] * vf_in[base + (long long)(r - y) * line + d];
        }
        vf_out[base + d] = acc;
    }
}
