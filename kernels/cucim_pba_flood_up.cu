// cuCIM's kernelFloodUp (rapidsai/cucim, python/cucim/src/cucim/core/operations/morphology/
// cuda/pba_kernels_2d.h, launched by _pba_2d in python/cucim/src/cucim/core/operations/
// morphology/_pba_2d.py behind cucim.core.operations.morphology.distance_transform_edt: the
// second step of phase 1 of the 2-D Parallel Banding Algorithm (PBA+) of the exact Euclidean
// distance transform, each column of each band swept upward so that every pixel keeps the
// nearer (in rows) of its own site and the one flooded from below) (blind check set 96: written
// after calibration, never fitted on). As in cuCIM: tx = blockIdx.x blockDim.x + threadIdx.x
// (the column), the band blockIdx.y, ty = (band + 1) bandSize - 1 its last row; a running pixel
// started at (MARKER, MARKER); for i = 0 .. bandSize - 1 up the band (row ty - i) the pixel
// read there replaces the running one where its row distance |y - (ty - i)| is smaller, and
// the running one is stored at that row; short2 pixels (x in the low half of a 32-bit word, y
// in the high half), MARKER -32768; the host's 32 x 1 threads on ceil(size / 32) x m1 blocks
// (m1 = min(size / 32, 32) bands), input and output the same buffer. Departures: the block any
// shape (x the column, y*z the band with z folded in; threads past the size or the bands
// leaving); input and output two buffers here (the host passes one: each thread reads a pixel
// before it writes it, so the result is the same); the pixels as 32-bit words of two shorts.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: integer comparisons and copies. 2-D, no shared memory, a per-thread loop:
// each thread bandSize steps up its column, a 4 B load and a 4 B store a step (a warp's 128 B
// contiguous each, the steps a row (4 size B) apart).
#include "common.cuh"

struct alignas(4) cc_pixel {  // cuCIM's short2 pixel: x the low half, y the high half
    short x, y;
};

extern "C" __global__ void cucim_pba_flood_up(const int* input_words, int* output_words,
                                              int size, int bandSize, int bands) {
    const int tx = ga_col();
    const int band = ga_row();
    if (tx >= size || band >= bands) return;
    const cc_pixel* input = reinterpret_cast<const cc_pixel*>(input_words);
    cc_pixel* output = reinterpret_cast<cc_pixel*>(output_words);
    const int ty = (band + 1) * bandSize - 1;
    long long id = (long long)ty * size + tx;

    cc_pixel pixel1;
    pixel1.x = -32768;
    pixel1.y = -32768;
    for (int i = 0; i < bandSize; ++i, id -= size) {
        const int dist1 = abs(pixel1.y - ty + i);
        const cc_pixel pixel2 = input[id];
        const int dist2 = abs(pixel2.y - ty + i);
        if (dist2 < dist1) pixel1 = pixel2;
        output[id] = pixel1;
    }
}
