// Xmipp's Fourier-space crop of movie frames, scaleFFT2DKernel<float2, float, true, true, false,
// true> (I2PC/xmipp, src/xmipp/libraries/reconstruction_cuda/cuda_scaleFFT_kernels.cu, launched by
// scaleFFT2D in cuda_scaleFFT.h from CUDAFlexAlignScale::runFFTScale in cuda_flexalign_scale.cpp,
// behind the GPU movie alignment of reconstruction_adapt_cuda/movie_alignment_correlation_gpu.cpp
// (FlexAlign): every batch of a cryo-EM movie's frames, once Fourier transformed, cropped to the
// correlation size with a low-pass filter before the frames are cross-correlated) (blind check set
// 78: written after calibration, never fitted on). As in Xmipp: idx = blockIdx.x blockDim.x +
// threadIdx.x the output column and idy (y) its row, outside outX x outY a return, fIndex = idy
// outX + idx, the filter's coefficient filter[fIndex], yhalf = outY / 2, the input row origY =
// idy up to yhalf and inY - (outY - idy) after it (the top outY / 2 + 1 and bottom rows), then for
// each of the noOfImages frames out[n outX outY + fIndex] = in[n inX inY + origY inX + idx] times
// the filter's coefficient, zero in the first row or column (ignoreLowFreq), times normFactor
// (normalize; no centering); the host's 32 x 32 threads (BLOCK_DIM) on cdiv(outX, 32) x
// cdiv(outY, 32) blocks, normFactor 1 / (frame width x height). Departures: the block the sweep's,
// any shape (x the output column, y*z its row, z folded in); complex float2 as interleaved float
// pairs (the float2 *= float of cuda_basic_math.h on both halves); size_t sizes as long long; the
// template flags as runFFTScale's (filter, normalization and the low frequencies zeroed on,
// centering off). Reimplemented from the published source (its indexing, arithmetic and control
// flow; none of its text). Exact: whole-number transforms, a 0/1 filter and a power-of-two
// normalization (every product exact, contracted or not). 2-D: x -> output column (8 B, a warp's
// 256 B contiguous), y*z -> output row, each thread looping over the frames.
#include "common.cuh"

extern "C" __global__ void xmipp_scale_fft(const float* __restrict__ in, float* __restrict__ out,
                                           int noOfImages, long long inX, long long inY,
                                           long long outX, long long outY,
                                           const float* __restrict__ filter, float normFactor) {
    const int idx = ga_col();
    const int idy = ga_row();
    if (idx >= outX || idy >= outY) return;
    const long long fIndex = (long long)idy * outX + idx;  // inside one output frame
    const float coef = filter[fIndex];
    const long long yhalf = outY / 2;
    // the frame's low rows from the top, its high ones from the bottom of the input
    const long long origY = (idy <= yhalf) ? idy : inY - (outY - idy);
    const bool low_freq = (idx == 0) || (idy == 0);
    for (int n = 0; n < noOfImages; n++) {
        const long long from = n * inX * inY + origY * inX + idx;
        const long long to = n * outX * outY + fIndex;
        float re = in[2 * from] * coef;
        float im = in[2 * from + 1] * coef;
        if (low_freq) {
            re = 0.0f;
            im = 0.0f;
        }
        out[2 * to] = re * normFactor;
        out[2 * to + 1] = im * normFactor;
    }
}
