// One level of a top-down breadth-first search, EMOGI's BFS kernel_coalesce
// (illinois-impact/EMOGI, bfs.cu, launched by its main loop once a level until no label changes:
// 8 B edges, type COALESCE; Min et al., EMOGI, VLDB 2021, a warp a vertex with the edge loop
// started at a 128 B-aligned edge) (blind check set 61: written after calibration, never fitted
// on). As in EMOGI: a warp of 32 consecutive threads a vertex (warpIdx = tid >> 5, the lane tid &
// 31); a vertex whose label is the level walks its edges from vertexList[v] rounded down to a
// multiple of 16 (shift_start = start & ~0xF: 16 8 B edges, 128 B) in steps of 32 lanes, skipping
// the edges before start, and each neighbour still at MYINFINITY (0xFFFFFFFF) gets the label
// level + 1 and sets changed; the host's BLOCK_SIZE (1,024) threads on a 2-D grid of 1,024 x cdiv
// blocks (tid = blockDim.x BLOCK_SIZE blockIdx.y + blockDim.x blockIdx.x + threadIdx.x), (32
// vertex_count + 1,024) / 1,024 blocks' worth. Departures: the block the sweep's, any shape
// (linearized: tid the block's linear thread index, so a vertex's 32 threads may span two blocks
// where the block is not a multiple of 32), the grid 1-D (cdiv(32 vertex_count, threads) blocks:
// the 2-D grid only works round the old 65,535-block limit, its spare blocks idle); the bool flag
// changed as a 4 B word; uint64_t as long long (the edge and vertex lists) and unsigned long
// long. Reimplemented from the published source (its indexing and control flow; none of its
// text). Exact: every writer stores the same level + 1 to a neighbour found unvisited, and only
// unvisited labels change (the frontier's never do), so the labels after the launch do not depend
// on the order. 1-D: the block is linearized, 32 threads a vertex.
#include "common.cuh"

#define EMOGI_MYINFINITY 0xFFFFFFFFu
#define EMOGI_WARP_SHIFT 5
#define EMOGI_WARP_SIZE 32
#define EMOGI_MEM_ALIGN (~(0xfULL))  // MEM_ALIGN_64: 16 edges of 8 B

extern "C" __global__ void emogi_bfs_coalesce(unsigned* label, unsigned level,
                                              unsigned long long vertex_count,
                                              const long long* vertexList,
                                              const long long* edgeList, unsigned* changed) {
    const unsigned long long tid = (unsigned long long)ga_linear();
    const unsigned long long warpIdx = tid >> EMOGI_WARP_SHIFT;
    const unsigned long long laneIdx = tid & ((1 << EMOGI_WARP_SHIFT) - 1);

    if (warpIdx < vertex_count && label[warpIdx] == level) {
        const unsigned long long start = vertexList[warpIdx];
        const unsigned long long shift_start = start & EMOGI_MEM_ALIGN;
        const unsigned long long end = vertexList[warpIdx + 1];

        for (unsigned long long i = shift_start + laneIdx; i < end; i += EMOGI_WARP_SIZE) {
            if (i >= start) {
                const unsigned long long next = edgeList[i];
                if (label[next] == EMOGI_MYINFINITY) {
                    label[next] = level + 1;
                    *changed = 1u;
                }
            }
        }
    }
}
