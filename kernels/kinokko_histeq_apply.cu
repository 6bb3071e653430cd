// kinokko/GPU's HistogramEqualizationGPUAction (kinokko/GPU, Source/histogram-equalization-
// gpu.cu, launched by HistogramEqualizationGPU in the same file with threadsPerBlock 512 on
// numSMs 32 = 6,144 blocks: a contrast-enhancement course project's last histogram-equalization
// pass, every 8-bit pixel mapped through the 256-entry int lookup table built from the image's
// cumulative histogram, values above 255 saturated) (blind check set 114: written after
// calibration, never fitted on). As in kinokko/GPU: a grid-stride loop from blockIdx.x
// blockDim.x + threadIdx.x with stride blockDim.x gridDim.x over the pixels, each output byte
// 255 where lut[in] exceeds 255, else lut[in] cast to unsigned char. Departures: the block any
// shape (linearized), the 8-bit images passed as 32-bit words (four pixels a word, still read
// and written a byte at a time as in the source), 64-bit indices. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// table look-ups and a saturation. 1-D, no shared memory: per iteration a 1 B load (a warp's
// 32 B contiguous), a 4 B gather from the 1 KiB table (L1 hits) and a 1 B store (a warp's
// 32 B contiguous).
#include "common.cuh"

extern "C" __global__ void kinokko_histeq_apply(unsigned int* img_out_words, const int* lut,
                                                const unsigned int* img_in_words,
                                                long long img_size) {
    const unsigned char* in = reinterpret_cast<const unsigned char*>(img_in_words);
    unsigned char* out = reinterpret_cast<unsigned char*>(img_out_words);
    const long long stride = (long long)gridDim.x * ga_nthreads();
    for (long long i = ga_linear(); i < img_size; i += stride) {
        const int mapped = lut[in[i]];
        out[i] = mapped > 255 ? (unsigned char)255 : (unsigned char)mapped;
    }
}
