// PyEMC's kernel_sum_slices (ekeberg/PyEMC, pyemc/cuda/calculate_responsabilities_cuda.cu with
// inblock_reduce from pyemc/cuda/header.cu, launched by the calculate_responsabilities_*
// wrappers in pyemc/pyemc.py with _NTHREADS 128 threads on one block per rotation: the GPU
// Expand-Maximize-Compress reconstruction of single-particle X-ray diffraction, each expanded
// model slice's total positive intensity, the Poisson log-likelihood's normalizing term of
// every rotation) (blind check set 122: written after calibration, never fitted on). As in
// the source: the slice of blockIdx.x; each thread summing the slice's pixels from
// threadIdx.x in steps of blockDim.x, only those above 0 (masked pixels are negative); the
// partial sums in shared memory, halved in a tree (the thread s below the half adding the one
// s above), a barrier at each level; thread 0 storing the slice's sum. Departures: the block
// any shape (linearized); the cache in dynamic shared memory, one float a thread (the
// source's static NTHREADS); the tree starting from the power of two at or above the block's
// threads, a partner added only where it exists (at the source's power-of-two blocks exactly
// its tree); 64-bit slice offsets. Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact for whole-number intensities whose
// sums stay below 2^24 (any order gives the same float). 1-D, shared memory, one block a
// slice (a fixed grid): per thread npix / threads 4 B loads (a warp's 128 B contiguous), one
// compare and add each, then a log2(threads)-level tree through shared memory.
#include "common.cuh"

extern "C" __global__ void pyemc_sum_slices(const float* slices, int number_of_pixels,
                                            float* slice_sums) {
    extern __shared__ float sum_cache[];
    const unsigned tid = ga_tid();
    const unsigned nthreads = ga_nthreads();
    const long long index_slice = blockIdx.x;
    const float* slice = slices + (long long)number_of_pixels * index_slice;

    float sum = 0.0f;
    for (int index_pixel = tid; index_pixel < number_of_pixels; index_pixel += nthreads) {
        if (slice[index_pixel] > 0.) {
            sum += slice[index_pixel];
        }
    }
    sum_cache[tid] = sum;
    __syncthreads();
    unsigned width = 1;
    while (width < nthreads) width <<= 1;
    for (unsigned s = width / 2; s > 0; s >>= 1) {
        if (tid < s && tid + s < nthreads) {
            sum_cache[tid] += sum_cache[tid + s];
        }
        __syncthreads();
    }
    if (tid == 0) {
        slice_sums[index_slice] = sum_cache[0];
    }
}
