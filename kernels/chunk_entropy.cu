// Shannon entropy of the bytes of each fixed-size chunk of a buffer, in bits per byte, as
// compression and deduplication pipelines (GPU compressors choosing to store a chunk raw,
// storage systems and malware scanners rating data) estimate compressibility chunk by chunk:
// entropy[k] = -sum over byte values b of p_b log2 p_b, p_b = (count of b in chunk k) /
// CHUNK (blind check set 12: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind12/ once recorded). One block per chunk whatever its size: the block
// zeroes a 256-bin histogram in shared memory, its threads walk the chunk's CHUNK / 4 words a
// block's width apart (contiguous 4 B loads) and count each word's four bytes with shared
// atomicAdd (skewed data, such as the zero top bytes here, piles many onto one bin), a
// barrier, then each thread takes the bins tid, tid + threads, ... (-p log2f p for the
// non-empty ones: blocks below 256 threads loop, larger blocks idle the rest) and the partial
// sums meet in a shared-memory tree reduction (from the largest power of two not above the
// block size, so any block size works; a barrier per step); thread 0 stores the entropy.
// CHUNK is a multiple of 4. float32 sums in block order: the reference's float64 is within
// the manifest's tolerance. Dynamic shared memory: 1024 bytes of histogram + 4 * threads.
// Every thread reaches every barrier. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void chunk_entropy(const unsigned* __restrict__ data,
                                         float* __restrict__ entropy, int chunks,
                                         int chunk_bytes) {
    extern __shared__ unsigned ent_smem[];
    unsigned* hist = ent_smem;
    float* red = reinterpret_cast<float*>(ent_smem + 256);
    const int chunk = blockIdx.x;
    if (chunk >= chunks) {
        return;  // the whole block leaves together
    }
    const unsigned tid = ga_tid();
    const unsigned threads = ga_nthreads();
    for (unsigned b = tid; b < 256; b += threads) {
        hist[b] = 0;
    }
    __syncthreads();
    const int words = chunk_bytes / 4;
    const unsigned* w = data + (long long)chunk * words;
    for (int i = tid; i < words; i += threads) {
        const unsigned v = w[i];
        atomicAdd(&hist[v & 255u], 1u);
        atomicAdd(&hist[(v >> 8) & 255u], 1u);
        atomicAdd(&hist[(v >> 16) & 255u], 1u);
        atomicAdd(&hist[v >> 24], 1u);
    }
    __syncthreads();
    const float inv = 1.0f / (float)chunk_bytes;
    float h = 0.0f;
    for (unsigned b = tid; b < 256; b += threads) {
        const unsigned c = hist[b];
        if (c != 0) {
            const float p = (float)c * inv;
            h -= p * log2f(p);
        }
    }
    red[tid] = h;
    __syncthreads();
    unsigned p2 = 1;
    while (2 * p2 <= threads) {
        p2 *= 2;
    }
    if (tid < threads - p2) {
        red[tid] += red[tid + p2];
    }
    __syncthreads();
    for (unsigned s = p2 / 2; s > 0; s >>= 1) {
        if (tid < s) {
            red[tid] += red[tid + s];
        }
        __syncthreads();
    }
    if (tid == 0) {
        entropy[chunk] = red[0];
    }
}
