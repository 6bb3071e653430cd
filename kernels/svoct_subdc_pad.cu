// SFU BORG's subDC_PadComplex (jxwsoftware/sfu_borg_oct,
// src/Swept-Source-svOCT/cuda_ProcKernels.cu, launched by subDC_and_PadComplex in
// src/Swept-Source-svOCT/cuda_ProcFunctions.cu at the head of cudaPipeline: a swept-source
// optical coherence tomography buffer's raw spectra, frame after frame of A-scans, made
// complex with the averaged DC spectrum subtracted and each A-scan zero-padded to the FFT
// length before the batched cuFFT) (blind check set 112: written after calibration, never
// fitted on). As in SFU BORG: idx = blockIdx.x blockDim.x + threadIdx.x, the A-scan sample
// idx mod width and the A-scan idx / width, dstIdx = (idx / width) fftWidth + idx mod width,
// DstComplex[dstIdx] = (Src[idx] - dcArray[idx mod width], 0) and, where fftWidth > width,
// DstComplex[dstIdx + width] = (0, 0); the host's numThreadsPerBlock = 256 threads (doubled
// while bufferSize / threads exceeds 65,535) on bufferSize / threads blocks. Departures: the
// block any shape (linearized), a bound on idx (the source's grid an exact division), the
// raw samples int32 (the source's unsigned short: the manifest has no 16-bit type; the
// sample read as its unsigned value either way), the total as an argument, 64-bit offsets.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none
// of its text). Exact: whole-number samples and DC below 2^24. 1-D, no shared memory: per
// thread a 4 B sample load and a 4 B DC load (a warp's 128 B contiguous each), an 8 B store
// and an 8 B zero store width * 8 B further (a warp's 256 B contiguous each).
#include "common.cuh"

extern "C" __global__ void svoct_subdc_pad(const int* src, float* dst_complex,
                                           const float* dc_array, int width, int fft_width,
                                           long long total) {
    const long long idx = ga_linear();
    if (idx >= total) return;
    const long long ascan = idx / width;
    const int sample = (int)(idx - ascan * width);
    const long long dst_idx = ascan * fft_width + sample;
    dst_complex[2 * dst_idx] = (float)src[idx] - dc_array[sample];
    dst_complex[2 * dst_idx + 1] = 0.0f;
    if (fft_width > width) {
        const long long pad_idx = dst_idx + width;
        dst_complex[2 * pad_idx] = 0.0f;
        dst_complex[2 * pad_idx + 1] = 0.0f;
    }
}
