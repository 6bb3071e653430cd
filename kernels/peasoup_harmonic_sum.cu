// The incoherent harmonic sum of a power spectrum, peasoup's harmonic_sum_kernel_generic
// (ewanbarr/peasoup, src/kernels.cu, behind device_harmonic_sum in the same file: the
// HarmonicSums of the pulsar acceleration search's every DM trial and acceleration, folding
// each normalised spectrum for 2, 4, 8 and 16 harmonics before the peak search) (blind check
// set 66: written after calibration, never fitted on). As in peasoup: one thread a frequency
// bin Index of the gulp from gulp_index, d_odata[gulp_index + Index] = d_idata[gulp_index +
// Index], then for i = 1 .. harmonic - 1 d_odata[...] += d_idata[int((i (gulp_index + Index))
// / harmonic + 0.5)] (an integer division: the bin of the i-th of harmonic fractions), each
// sum kept in d_odata (the pointers may alias: a store a step), and finally d_odata[...] *=
// one_over_sqrt_harm; the host's gulps of max_blocks max_threads bins, (gulp_size - 1) /
// MAX_THREADS + 1 blocks of max_threads threads each. Departures: the block the sweep's, any
// shape (linearized); one launch over the whole spectrum (gulp_index 0; peasoup's gulps
// split it only past max_blocks max_threads bins). Reimplemented from the published source
// (its indexing, arithmetic and control flow; none of its text). Exact: whole-number powers
// (every sum an integer below 2^24) and one_over_sqrt_harm 1/4 at 16 harmonics (one exact
// product; any factor a single correctly rounded product, nothing to contract). 1-D: the
// block is linearized.
#include "common.cuh"

extern "C" __global__ void peasoup_harmonic_sum(const float* d_idata, float* d_odata,
                                                int gulp_index, int size, int harmonic,
                                                float one_over_sqrt_harm) {
    const long long linear = ga_linear();
    if (linear >= size) return;
    const int Index = (int)linear;
    d_odata[gulp_index + Index] = d_idata[gulp_index + Index];
    for (int i = 1; i < harmonic; i++) {
        d_odata[gulp_index + Index] +=
            d_idata[int((i * (gulp_index + Index)) / harmonic + 0.5)];
    }
    d_odata[gulp_index + Index] = d_odata[gulp_index + Index] * one_over_sqrt_harm;
}
