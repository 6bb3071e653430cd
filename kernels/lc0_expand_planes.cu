// The input planes of a chess network expanded from bitboards, Leela Chess Zero's
// expandPlanes_kernel_NCHW (LeelaChessZero/lc0, src/neural/cuda/common_kernels.cu, behind
// expandPlanes_NCHW: the first step of every batch the cuda and cudnn backends evaluate, 112
// planes a position, each a 64-bit occupancy mask and one value) in float32 (blind check set
// 52: written after calibration, never fitted on). As in lc0: one thread per two squares, index
// = threadIdx.x + blockDim.x blockIdx.x doubled, planeIndex = index >> 6 (a thread past the
// planes returning), the plane's mask read (8 B, the same for the plane's 32 threads) and
// sqIndex = index & 0x3F; each of the two squares sqIndex, sqIndex + 1 the plane's value where
// its bit is set (mask & (1ull << sqIndex)), otherwise 0; output[index] and output[index + 1]
// stored (two 4 B stores: NCHW with H x W = 8 x 8); the host's n 8 8 / 2 threads in blocks of
// kBlockSize (256) threads. Departures: the block the sweep's, any shape (linearized); the
// masks' uint64_t words the manifest's int64 (the same 64 bits); T float. Written from memory.
// Exact (a select and a copy). 1-D: the block is linearized, one thread two squares.
#include "common.cuh"

typedef float T;

extern "C" __global__ void lc0_expand_planes(T* output, const long long* masks_words,
                                             const T* values, unsigned n) {
    const unsigned long long* masks =  // lc0's const uint64_t* masks
        reinterpret_cast<const unsigned long long*>(masks_words);
    unsigned index = (unsigned)ga_linear();

    index *= 2;
    unsigned planeIndex = index >> 6;

    if (planeIndex >= n) return;

    unsigned long long mask = masks[planeIndex];

    int sqIndex = index & 0x3F;
    T op[2] = {0, 0};

    bool set = !!(mask & (1ull << sqIndex));
    if (set) {
        op[0] = values[planeIndex];
    }
    sqIndex++;
    set = !!(mask & (1ull << sqIndex));
    if (set) {
        op[1] = values[planeIndex];
    }
    output[index + 0] = op[0];
    output[index + 1] = op[1];
}
