// Run-length encoding of a batch of binary instance masks in the COCO format, pycocotools'
// rleEncode (maskApi.c, called by mask.encode on Detectron2's and torchvision's predicted
// masks for COCO evaluation: each mask flattened in column-major order, the counts of
// alternating runs starting with the zeros, so a mask whose first pixel is set starts with a
// count of 0), one block per mask on a fixed grid, the column-major flattening read straight
// from the row-major (masks, h, w) tensor (the transpose that Detectron2 makes on the host
// with np.asfortranarray, fused), for any block size (blind check set 23: written after
// calibration, never fitted on; its sweeps go to fixtures/hopper/blind23/ once recorded). The
// masks are the mask head's probabilities quantized to bytes (pasted into the image), a pixel
// foreground where its byte >= threshold (128: Detectron2's mask threshold 0.5, binarization
// fused), travelling as uint32 words of four (pixel 4 w + b in byte b of word w) and read as
// bytes. Element j of mask m's flattening is pixel (j % h, j /
// h); a change at j > 0 is T[j] != T[j - 1] and at 0 T[0] != 0; with the changes at j_1 < j_2
// < ... < j_R: counts[0] = j_1, counts[k] = j_{k+1} - j_k, counts[R] = h w - j_R (R + 1
// counts; the rest of the mask's row of h w + 1 slots untouched) and runs[m] = R + 1. The block
// walks the flattening in chunks of its size: each thread tests its element (two 1 B loads,
// the element and the one before, a pixel row apart in memory: a warp's lanes read 32 rows of
// a column, 32 sectors w bytes apart, the second load of each an L1 hit), each warp votes
// (__ballot_sync), its lane 0 puts the warp's count of changes and the place of its last
// change in shared memory, a barrier, then a thread with a change finds its change number
// (the counts of the chunk's earlier warps, a prefix of the carry, its warp's earlier lanes by
// __popc) and the place of the change before it (its warp's nearest earlier lane by a
// leading-zero count, else the last change of the nearest earlier warp that has one, else
// the carry from earlier chunks) and stores the difference (a data-dependent 4 B store); a
// barrier before the next chunk. Thread 0 stores the last count and R + 1. Dynamic shared
// memory: two ints a warp. Integer: exact. 1-D: the block is linearized; one block per mask.
#include "common.cuh"

extern "C" __global__ void coco_rle_encode(const unsigned* __restrict__ mask_words,
                                           int* __restrict__ counts, int* __restrict__ runs,
                                           int masks, int h, int w, int threshold) {
    extern __shared__ int rle_smem[];  // per warp: its changes, then the place of its last
    const int m = blockIdx.x;
    if (m >= masks) {
        return;  // the whole block leaves together
    }
    const int tid = (int)ga_tid();
    const int threads = (int)ga_nthreads();
    const int lane = tid % 32;
    const int warp = tid / 32;
    const int warps = (threads + 31) / 32;
    // The lanes this block has in this thread's warp (the last warp may be partial).
    const int lanes = min(32, threads - warp * 32);
    const unsigned vote_mask = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;
    int* warp_changes = rle_smem;
    int* warp_last = rle_smem + warps;
    const int area = h * w;
    const unsigned char* mask =
        reinterpret_cast<const unsigned char*>(mask_words) + (long long)m * area;
    int* out = counts + (long long)m * (area + 1);
    int done = 0;  // changes in the chunks before this one
    int last = 0;  // place of the last change before this chunk (0: the start)
    for (int first = 0; first < area; first += threads) {
        const int j = first + tid;
        bool change = false;
        if (j < area) {
            const int here = mask[(long long)(j % h) * w + j / h] >= threshold;
            const int before =
                j == 0 ? 0 : mask[(long long)((j - 1) % h) * w + (j - 1) / h] >= threshold;
            change = here != before;
        }
        const unsigned votes = __ballot_sync(vote_mask, change);
        if (lane == 0) {
            warp_changes[warp] = __popc(votes);
            warp_last[warp] = votes ? first + warp * 32 + (63 - __clzll((long long)votes)) : -1;
        }
        __syncthreads();
        int earlier = 0, total = 0, previous = last;
        for (int v = 0; v < warps; ++v) {
            const int count = warp_changes[v];
            total += count;
            if (v < warp) {
                earlier += count;
                previous = count ? warp_last[v] : previous;
            }
        }
        if (change) {
            const unsigned below = votes & ((1u << lane) - 1u);
            if (below) {
                previous = first + warp * 32 + (63 - __clzll((long long)below));
            }
            out[done + earlier + __popc(below)] = j - previous;
        }
        if (total) {  // the chunk's last change, for the next chunk's first
            for (int v = warps - 1; v >= 0; --v) {
                if (warp_changes[v]) {
                    last = warp_last[v];
                    break;
                }
            }
        }
        done += total;
        __syncthreads();  // every thread has read the warps' slots before the next chunk
    }
    if (tid == 0) {
        out[done] = area - last;
        runs[m] = done + 1;
    }
}
