// THE-FABI7/Dotplot's dotplot_cuda_kernel (src/dotplot_cuda.py, a Numba @cuda.jit kernel
// launched by dotplot_cuda in the same file with threadsperblock (16, 16) on ceil(len1 / 16) x
// ceil(len2 / 16) blocks: a course project's DNA dot plot of two genomes (E. coli against
// Salmonella in Data/), every pair of positions marked 1 where the bases agree) (blind check
// set 120: written after calibration, never fitted on). As in the source: i, j = cuda.grid(2),
// i = blockIdx.x blockDim.x + threadIdx.x the ROW (a position of sec1), j = blockIdx.y
// blockDim.y + threadIdx.y the column (a position of sec2); only i < len(sec1) and j <
// len(sec2); matrix[i, j] (the row-major int32 len1 x len2 matrix, offset i len2 + j) = 1 if
// sec1[i] == sec2[j] else 0. Departures: the block any shape (x the row as in the source; y*z
// the column, z folded in); the sequences as int32 base codes (the project's numeric mapping
// A 1, T 2, C 3, G 4 of DotPlot.convertir_a_numerico) and their lengths as int scalars (Numba
// takes them from the arrays); 64-bit offsets. Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: integer compares. 2-D, no
// shared memory: per thread two 4 B loads (sec1[i]: a warp's lanes bx apart in x, contiguous;
// sec2[j]: uniform along x) and one 4 B store (a warp's lanes len2 * 4 B apart: x walks rows).
#include "common.cuh"

extern "C" __global__ void fabidotplot_matrix(const int* sec1, const int* sec2, int* matrix,
                                              int len1, int len2) {
    const int i = ga_col();  // the source's cuda.grid(2)[0]: the row
    const int j = ga_row();  // the source's cuda.grid(2)[1] (z folded in): the column
    if (i < len1 && j < len2) {
        matrix[(long long)i * len2 + j] = sec1[i] == sec2[j] ? 1 : 0;
    }
}
