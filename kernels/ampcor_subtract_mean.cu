// The mean removal of the reference windows of dense offset tracking, PyCuAmpcor's
// cuArraysSubtractMean_kernel (isce-framework/isce3, cxx/isce3/cuda/matchtemplate/pycuampcor/
// cuCorrNormalization.cu, behind cuArraysSubtractMean in cuAmpcorChunk::run: every chunk of
// reference windows (amplitudes) of an InSAR pixel-offset estimation, before the normalized
// cross-correlation) (blind check set 57: written after calibration, never fitted on). As in
// PyCuAmpcor: one block a window of imageSize floats, its threads summing the window's pixels i
// = tid, tid + Nthreads, .. into a register, sumReduceBlock (the partial sums into shared
// memory, a barrier, halving steps down to 64 partials (tid < 512, 256, 128, 64, as many as the
// template's Nthreads has), each followed by a barrier, the last 64 partials folded by the first
// warp in a volatile loop of offsets 32, 16, .., 1 with __syncwarp between its reads and writes,
// a barrier, shmem[0] read by every thread and a last barrier), mean = sum invSize (invSize = 1
// / imageSize from the host), then the window walked again subtracting the mean in place; the
// host's NTHREADS = 512 threads on one block per window. Departures: the block the sweep's, any
// shape (linearized); the template's Nthreads the block's threads rounded up to a power of two,
// at least 64, the slots past the block's threads zero (so the same steps, and the warp's fold,
// apply to any block), and the static __shared__ shmem[Nthreads] a dynamic allocation.
// Reimplemented from the published source (its indexing and control flow; none of its text).
// Exact: whole-number amplitudes, sums below 2^24 in any order, 64 x 64 windows (invSize 2^-12)
// and differences below 2^8 in magnitude. 1-D: the block is linearized, one block a window.
#include "common.cuh"

// The block's sum of one float a thread, left in every thread (see above): `span` stands for
// the template's thread count.
__device__ float ampcor_block_sum(float partial, volatile float* buf) {
    const int tid = ga_tid();
    const int nthreads = ga_nthreads();
    int span = 64;
    while (span < nthreads) span <<= 1;
    buf[tid] = partial;
    for (int s = nthreads + tid; s < span; s += nthreads) buf[s] = 0.0f;  // slots of no thread
    __syncthreads();
    for (int half = span >> 1; half >= 64; half >>= 1) {  // down to 64 partials
        if (tid < half) buf[tid] += buf[tid + half];
        __syncthreads();
    }
    if (tid < 32) {  // the last 64: the first warp, its reads and writes kept apart
        float acc = buf[tid];
        for (int step = 32; step >= 1; step >>= 1) {
            acc += buf[tid + step];
            __syncwarp();
            buf[tid] = acc;
            __syncwarp();
        }
    }
    __syncthreads();
    const float total = buf[0];
    __syncthreads();  // read by all before the buffer can be reused
    return total;
}

extern "C" __global__ void ampcor_subtract_mean(float* images, int imageSize, float invSize,
                                                int nImages) {
    extern __shared__ float ampcor_buf[];
    const int w = blockIdx.x;  // the window
    if (w >= nImages) return;
    const int tid = ga_tid();
    const int nthreads = ga_nthreads();
    float* pixels = images + w * imageSize;

    float acc = 0.0f;
    for (int p = tid; p < imageSize; p += nthreads) acc += pixels[p];
    const float mean = ampcor_block_sum(acc, ampcor_buf) * invSize;
    for (int p = tid; p < imageSize; p += nthreads) pixels[p] -= mean;
}
