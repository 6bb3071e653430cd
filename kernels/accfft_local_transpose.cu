// AccFFT's out-of-place local transpose, local_transpose_cuda1<double> (amirgholami/accfft,
// src/transpose_cuda.cu, launched by local_transpose_cuda(r, c, n_tuples, in, out) in the same
// file, which AccFFT's distributed FFTs use to reorder a rank's slab of tuples between the
// all-to-all exchanges of a pencil or slab decomposition) (blind check set 81: written after
// calibration, never fitted on). As in AccFFT: the block (blockIdx.x, blockIdx.y) = (i, j)
// copies the n_tuples values of tuple (i, j) of the r x c input, at (i c + j) n_tuples, to
// tuple (j, i) of the c x r output, at (j r + i) n_tuples, z from threadIdx.x in steps of
// blockDim.x; the host's 128 threads on r x c blocks. Departures: the block the sweep's, any
// shape (linearized: z in steps of all the block's threads); double (one of the two
// instantiations). Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: copies. 1-D: one block a tuple of a 2-D grid (128
// doubles, 1 KiB), the block looping over it: an 8 B load and an 8 B store a value (a warp's
// 256 B contiguous each; the tuples' destinations r tuples apart).
#include "common.cuh"

extern "C" __global__ void accfft_local_transpose(int r, int c, int n_tuples, const double* in,
                                                  double* out) {
    const long long i = blockIdx.x, j = blockIdx.y;
    const double* src = in + (i * c + j) * n_tuples;
    double* dst = out + (j * r + i) * n_tuples;
    for (int z = (int)ga_tid(); z < n_tuples; z += (int)ga_nthreads()) dst[z] = src[z];
}
