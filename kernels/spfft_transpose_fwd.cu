// The forward local transpose of a sparse 3-D FFT, SpFFT's transpose_forward_kernel
// (eth-cscs/SpFFT, src/transpose/gpu_kernels/local_transpose_kernels.cu, behind
// local_transpose_forward in the same file: TransposeLocalGPU::forward, the step of a local
// (one-GPU) forward transform that gathers the z-sticks of the sparse frequency domain out of
// the space-domain grid once its x-y FFTs are done; SpFFT serves SIRIUS and CP2K's plane-wave
// codes) (blind check set 70: written after calibration, never fitted on). As in SpFFT: x the
// z index (below the stick length dim_z), the stick from the grid's y, looping in steps of
// the grid's y (capped at GridSizeMedium = 4320, the manifest's GRIDCAP), xy =
// indices[stick], freqZData[stick, z] = spaceDomainFlat[z, xy] (complex values); the host's
// BlockSizeSmall = 128 threads on
// cdiv(dim_z, 128) x min(num_sticks, 4320) blocks. Departures: the block the sweep's, any
// shape (x the z index, y*z the stick inside the block, z folded in; the grid's y a block of
// sticks, still capped at 4320), the complex double as two doubles (two 8 B loads and stores
// where SpFFT moves one 16 B cuDoubleComplex). Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: copies. 2-D: x -> z, y*z
// -> stick, looping over the sticks.
#include "common.cuh"

extern "C" __global__ void spfft_transpose_fwd(const int* __restrict__ indices,
                                               const double* __restrict__ space,
                                               double* __restrict__ freq, int num_sticks,
                                               int dim_z, int dim_xy) {
    const int z = ga_col();
    if (z < dim_z) {
        for (int stick = ga_row(); stick < num_sticks;
             stick += gridDim.y * ga_block_rows()) {
            const int xy = indices[stick];
            const int src = z * dim_xy + xy;
            const int dst = stick * dim_z + z;
            freq[2 * dst] = space[2 * src];
            freq[2 * dst + 1] = space[2 * src + 1];
        }
    }
}
