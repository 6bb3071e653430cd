// GPUSorting's OneSweep::GlobalHistogram (b0nes164/GPUSorting, GPUSortingCUDA/OneSweep.cu,
// launched by OneSweepDispatcher::DispatchKernels in GPUSortingCUDA/OneSweepDispatcher.cuh:
// the up-front pass of the OneSweep least-significant-digit radix sort of 32-bit keys, the
// 256-bin histograms of all four 8-bit digits counted in one read of the keys) (blind check
// set 108: written after calibration, never fitted on). As in GPUSorting: per block four
// digit histograms of RADIX 2 shared counters (64 threads a 256-bin copy), cleared, a
// barrier; a block below the last reads its partition of G_HIST_VEC_SIZE = 16,384 uint4 words
// (65,536 keys), i from threadIdx.x + blockIdx.x 16,384 in steps of the block, each word's 16
// bytes counted with shared atomicAdds into the histogram of digit (byte mod 4) of the
// thread's copy (byte 10 into copy 0's, as the source does); the last block reads its keys
// one at a time from blockIdx.x 65,536 to size, their 4 bytes likewise; a barrier; for each
// bin i from threadIdx.x in steps of the block, each digit's copies summed and added to
// globalHistogram[i + 256 digit] with a global atomicAdd; the host's k_globalHistThreads = 128
// threads on cdiv(size, 65,536) blocks (G_HIST_PART_SIZE). Departures: the block any shape
// (linearized; the copies cdiv(threads, 64), the source's two at 128 threads, each digit's
// 256 cdiv(threads, 64) counters one dynamic allocation, the source's static 4 x 2 KiB);
// the uint4 words a 16 B-aligned struct of four unsigned (one 16 B load). Reimplemented from
// the published source (its indexing, arithmetic and control flow; none of its text). Exact:
// integer counts (the atomics' order changes nothing). 1-D, shared memory, a per-block work
// split (a fixed partition of 65,536 keys a block, a block-stride loop over it): per step a
// 16 B load (a warp's 512 B contiguous) and 16 shared atomicAdds, then per bin four 4-copy
// sums and four global atomicAdds.
#include "common.cuh"

struct alignas(16) gsh_uint4 {  // CUDA's uint4: one 16 B load
    unsigned x, y, z, w;
};

extern "C" __global__ void gpusort_global_hist(const unsigned* sort, unsigned* global_hist,
                                               unsigned size) {
    extern __shared__ unsigned gsh_hist[];  // [4 digits][copies][256]
    const unsigned tid = ga_tid();
    const unsigned threads = ga_nthreads();
    const unsigned copies = (threads + 63) / 64;
    const unsigned per_digit = 256 * copies;
    for (unsigned i = tid; i < per_digit; i += threads) {
        gsh_hist[i] = 0;
        gsh_hist[per_digit + i] = 0;
        gsh_hist[2 * per_digit + i] = 0;
        gsh_hist[3 * per_digit + i] = 0;
    }
    __syncthreads();
    unsigned* mine = gsh_hist + tid / 64 * 256;  // the thread's copy in digit 0's histograms
    if (blockIdx.x < gridDim.x - 1) {
        const gsh_uint4* words = reinterpret_cast<const gsh_uint4*>(sort);
        const unsigned end = (blockIdx.x + 1) * 16384u;
        for (unsigned i = tid + blockIdx.x * 16384u; i < end; i += threads) {
            const gsh_uint4 t = words[i];
            const unsigned k[4] = {t.x, t.y, t.z, t.w};
            for (int q = 0; q < 4; ++q) {
                for (int b = 0; b < 4; ++b) {
                    const unsigned byte = (k[q] >> (8 * b)) & 0xFFu;
                    // byte 10 (word 2, byte 2) goes to copy 0 of digit 2, as in the source
                    unsigned* hist = (q == 2 && b == 2) ? gsh_hist + 2 * per_digit
                                                         : mine + b * per_digit;
                    atomicAdd(&hist[byte], 1u);
                }
            }
        }
    }
    if (blockIdx.x == gridDim.x - 1) {
        for (unsigned i = tid + blockIdx.x * 65536u; i < size; i += threads) {
            const unsigned key = sort[i];
            for (int b = 0; b < 4; ++b) {
                atomicAdd(&mine[b * per_digit + ((key >> (8 * b)) & 0xFFu)], 1u);
            }
        }
    }
    __syncthreads();
    for (unsigned i = tid; i < 256; i += threads) {
        for (int b = 0; b < 4; ++b) {
            unsigned sum = 0;
            for (unsigned c = 0; c < copies; ++c) sum += gsh_hist[b * per_digit + c * 256 + i];
            atomicAdd(&global_hist[i + 256 * b], sum);
        }
    }
}
