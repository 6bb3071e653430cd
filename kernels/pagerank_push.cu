// The push step of Pannotia's PageRank (Pannotia, AMD Research's graph suite: pagerank's
// pagerank1 kernel, ported from its OpenCL kernel.cl to CUDA in Pannotia's CUDA release),
// one vertex per thread: the vertex's rank divided by its out-degree atomically added to the
// next rank of each neighbour in its CSR adjacency list (blind check set 27: written after
// calibration, never fitted on; its sweeps go to fixtures/hopper/blind27/ once recorded).
// row holds num_nodes CSR row offsets (the last row ends at num_edges, as Pannotia reads it),
// col the neighbour ids, page_rank2 is zeroed by the caller (Pannotia's inibuffer). Per
// thread: two 4 B row loads, its rank, one division, then per edge a 4 B load of col (a
// thread's edges contiguous, a warp's lanes' runs scattered by degree) and a float atomicAdd
// at a random vertex (data-dependent scatter; the 16 MiB rank array stays in L2). float32;
// the atomics' order varies (the manifest's tolerance; the reference sums in float64). 1-D:
// the block is linearized.
#include "common.cuh"

extern "C" __global__ void pagerank_push(const int* __restrict__ row, const int* __restrict__ col,
                                         const float* __restrict__ page_rank1,
                                         float* __restrict__ page_rank2, int num_nodes,
                                         int num_edges) {
    // Get workitem id
    long long tid = ga_linear();
    if (tid < num_nodes) {
        // Get the starting and ending pointers of the neighborlist
        int start = row[tid];
        int end;
        if (tid + 1 < num_nodes) {
            end = row[tid + 1];
        } else {
            end = num_edges;
        }
        int nid;
        // Navigate the neighbor list
        for (int edge = start; edge < end; edge++) {
            nid = col[edge];
            // Transfer the PageRank value to neighbors
            atomicAdd(&page_rank2[nid], page_rank1[tid] / (float)(end - start));
        }
    }
}
