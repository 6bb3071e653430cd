// CU.Syntch's BufferConverter_Stereo16_CUDA::toPCM_kernel (Stimmer02/CU.Syntch, src/Pipeline/
// BufferConverter/BufferConverter_Stereo16_CUDA.cu, launched by toPCM in
// BufferConverter_Stereo16_CUDA.cpp with CUDA_BUFFER_CONVERTER_BLOCK_SIZE 256 threads on
// cdiv(sampleSize, 256) blocks: a GPU software synthesizer's last pipeline stage, the left and
// right float channel buffers converted to interleaved 16-bit little-endian PCM for the audio
// output) (blind check set 114: written after calibration, never fitted on). As in CU.Syntch:
// i = blockIdx.x blockDim.x + threadIdx.x below sampleSize, valueL = int(0x7FFF * bufferL[i])
// and valueR likewise (the unsigned maxValue converted to float, the product truncated to
// int), the four bytes at 4 i: valueL, valueL >> 8, valueR, valueR >> 8 (each its low 8
// bits). Departures: the block any shape (linearized), the class's sampleSize and d_buffer
// members passed as arguments, the byte buffer passed as 32-bit words (one stereo frame a
// word, still written a byte at a time as in the source), 64-bit indices. Reimplemented from
// the published source (its indexing, arithmetic and control flow; none of its text). Exact:
// whole-number samples times 32,767 stay below 2^24. 1-D, no shared memory: per thread two
// 4 B loads (a warp's 128 B contiguous each) and four 1 B stores (a warp's 128 B contiguous
// together).
#include "common.cuh"

extern "C" __global__ void csyntch_pcm_stereo16(const float* buffer_l, const float* buffer_r,
                                                unsigned int* pcm_words,
                                                long long sample_size) {
    unsigned char* pcm = reinterpret_cast<unsigned char*>(pcm_words);
    const long long i = ga_linear();
    if (i >= sample_size) return;
    const unsigned int full_scale = 0x7FFFu;
    const int left = (int)(full_scale * buffer_l[i]);
    const int right = (int)(full_scale * buffer_r[i]);
    const long long at = 4 * i;
    pcm[at] = (unsigned char)left;
    pcm[at + 1] = (unsigned char)(left >> 8);
    pcm[at + 2] = (unsigned char)right;
    pcm[at + 3] = (unsigned char)(right >> 8);
}
