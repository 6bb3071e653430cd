// The deconvolution step of a 2-D type-1 nonuniform FFT, cuFINUFFT's deconvolve_2d
// (flatironinstitute/finufft, src/cuda/deconvolve_wrapper.cu, behind cufinufft_execute: the last step of every type-1 transform
// (and the first of every type-2)) (blind check set 55: written after calibration, never
// fitted on). As in cuFINUFFT: a grid-stride loop over the ms x mt output modes, k1 = i % ms
// and k2 = i / ms, the fine grid's wrapped (fftshifted) indices w1 = k1 - ms / 2 (plus nf1
// where negative) and w2 likewise with nf2, inidx = w1 + w2 fw_width, the kernel's Fourier
// value fwkerhalf1[|k1 - ms / 2|] fwkerhalf2[|k2 - mt / 2|], and both parts of fw[inidx]
// divided by it into fk[k1 + k2 ms] (8 B complex loads and stores, each as two 4 B accesses);
// the host's 256 threads on cdiv(ms mt, 256) blocks. Departures: the block the sweep's, any
// shape (linearized, a grid-stride loop as cuFINUFFT's); the complex type's parts as
// consecutive floats of the manifest's float32 arrays (cuda_complex<float>); T float. Written
// from memory. Exact: whole-number fine-grid values and kernel values 1 or 2 (products 1, 2
// or 4: exact quotients). 1-D: the block is linearized, one thread an output mode.
#include "common.cuh"

extern "C" __global__ void cufinufft_deconvolve_2d(int ms, int mt, int nf1, int nf2,
                                                   int fw_width, const float* fw, float* fk,
                                                   const float* fwkerhalf1,
                                                   const float* fwkerhalf2) {
    for (long long i = ga_linear(); i < (long long)ms * mt;
         i += (long long)ga_nthreads() * gridDim.x) {
        int k1 = i % ms;
        int k2 = i / ms;
        int outidx = k1 + k2 * ms;
        int w1 = k1 - ms / 2 >= 0 ? k1 - ms / 2 : nf1 + k1 - ms / 2;
        int w2 = k2 - mt / 2 >= 0 ? k2 - mt / 2 : nf2 + k2 - mt / 2;
        int inidx = w1 + w2 * fw_width;

        float kervalue = fwkerhalf1[abs(k1 - ms / 2)] * fwkerhalf2[abs(k2 - mt / 2)];
        fk[2 * outidx] = fw[2 * inidx] / kervalue;          // .x
        fk[2 * outidx + 1] = fw[2 * inidx + 1] / kervalue;  // .y
    }
}
