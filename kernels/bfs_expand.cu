// One top-down step of a level-synchronous breadth-first search on a graph in CSR form,
// vertex-parallel (blind check set 8: kept out of every fit; its sweeps go to
// fixtures/hopper/blind8/ once recorded), as in the Harish-Narayanan / Rodinia BFS: every
// vertex whose level is the current one (the frontier) walks its adjacency list and marks
// each neighbour not yet visited (negative level) in the next frontier's mask, which the
// update kernel that follows turns into levels. Per thread: one contiguous load of its level;
// frontier threads (about 1 in 7 here) then load their two row pointers, walk their
// neighbours (loads a row length apart across the warp, lists of different lengths, so the
// warp loops as long as its longest list), gather the neighbours' levels at random and store
// a 1 at random for the unvisited ones. The writes all store the same value, so races are
// harmless and repeated timing launches do the same work. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void bfs_expand(const int* __restrict__ row_ptr,
                                      const int* __restrict__ col_idx,
                                      const int* __restrict__ level,
                                      unsigned* __restrict__ next_mask, int n, int current) {
    const long long v = ga_linear();
    if (v >= n || level[v] != current) {
        return;
    }
    const int end = row_ptr[v + 1];
    for (int e = row_ptr[v]; e < end; ++e) {
        const int u = col_idx[e];
        if (level[u] < 0) {
            next_mask[u] = 1u;
        }
    }
}
