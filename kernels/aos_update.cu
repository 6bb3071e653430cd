// A thread per record of an array of structures (record-layout calibration set, issue 11
// round 14 data): record i holds W float32 words (W * 4 bytes, 16-128 B); thread i reads all
// W words of its record one after another, then writes out[i][j] = a * rec[j] + rec[(j + 1)
// mod W], as particle, cell or option updates over an array of structs do. A warp's load of
// word j touches 32 records W * 4 bytes apart (one sector per lane for W >= 8), and its next
// loads find the same lines in L1 only while they stay there: the lines of every resident
// warp's records compete for L1 between a warp's first and last word. The records are the
// same whatever the block size (1-D: the block is linearized; one thread per record).
#include "common.cuh"

extern "C" __global__ void aos_update(const float* __restrict__ in, float* __restrict__ out,
                                      float a, int words, long long n) {
    const long long i = ga_linear();
    if (i >= n) {
        return;
    }
    const float* rec = in + i * words;
    float* dst = out + i * words;
    float first = rec[0];
    float prev = first;
    for (int j = 1; j < words; ++j) {
        const float v = rec[j];
        dst[j - 1] = a * prev + v;
        prev = v;
    }
    dst[words - 1] = a * prev + first;
}
