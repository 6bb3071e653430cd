// JDFTx's matrixSubGet_kernel (shankar1729/jdftx, jdftx/core/matrixOperators.cu, launched by
// matrixSubGet_gpu in the same file behind matrix::operator()(iStart, iStep, iStop, jStart,
// jStep, jStop): a strided sub-matrix of a column-major complex matrix copied out, as JDFTx's
// electronic-structure code does when it splits its dense subspace matrices into blocks) (blind
// check set 95: written after calibration, never fitted on). As in JDFTx: i = kernelIndex(x)
// (the sub-matrix row), j = kernelIndex(y) (its column), threads with i >= iDelta or
// j >= jDelta leaving; out[iDelta j + i] = in[nr (j jStep + jStart) + (i iStep + iStart)]; the
// host's GpuLaunchConfig3D on (1, jDelta, iDelta): blocks of ceildiv(iDelta, nBlocks.x) x 1
// threads (1,024 x 1 here) on ceildiv(iDelta, 1024) x jDelta blocks. Departures: the block any
// shape (x the sub-matrix row, y*z its column with z folded in); the complex values as pairs
// of float64 words, moved as one 16 B struct as JDFTx's complex is; the offsets in 64 bits.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: copies. 2-D, no shared memory: x -> the sub-matrix row, iStep rows apart
// in the source (a warp's 16 B loads 16 iStep B apart: half of each 32 B sector used at
// iStep 2), y*z -> its column (nr * 16 B apart); a 16 B store (a warp's 512 B contiguous).
#include "common.cuh"

struct alignas(16) jdftx_complex {  // JDFTx's complex: one 16 B load and store
    double x, y;
};

extern "C" __global__ void jdftx_matrix_sub_get(int nr, int iStart, int iStep, int iDelta,
                                                int jStart, int jStep, int jDelta,
                                                const double* in_words, double* out_words) {
    const int i = ga_col();
    if (i >= iDelta) return;
    const int j = ga_row();
    if (j >= jDelta) return;
    const jdftx_complex* in = reinterpret_cast<const jdftx_complex*>(in_words);
    jdftx_complex* out = reinterpret_cast<jdftx_complex*>(out_words);
    out[(long long)iDelta * j + i] =
        in[(long long)nr * (j * jStep + jStart) + (i * iStep + iStart)];
}
